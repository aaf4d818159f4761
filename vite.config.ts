/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// No @vitejs/plugin-react: esbuild compiles JSX with the automatic runtime.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  worker: { format: 'es' },
  build: { target: 'es2022' },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  test: {
    environment: 'jsdom',
    include: ['tests/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/helpers/setup.ts'],
    // Component tests run real wasm simulations; on a loaded 2-core machine
    // the 5 s default is too tight to mean anything.
    testTimeout: 30_000,
  },
});
