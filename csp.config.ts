// The Content-Security-Policy of the built app: one source for the header
// `vite preview` sends and the <meta> tag written into the built index.html
// (so any static host enforces it). README "Content-Security-Policy" explains
// each directive.

/** Directives a <meta> tag can carry. */
const DIRECTIVES: Record<string, string> = {
  'default-src': "'self'",
  // The wasm core is compiled with WebAssembly.instantiateStreaming:
  // 'wasm-unsafe-eval' allows that and nothing else (no eval, no new Function).
  'script-src': "'self' 'wasm-unsafe-eval'",
  'worker-src': "'self'",
  // Stylesheets only from the app's own files. React's `style` props are set
  // through the CSSOM, which CSP does not restrict, so no 'unsafe-inline'.
  'style-src': "'self'",
  // blob: for the PNG export, which draws the chart's SVG through an <img>.
  'img-src': "'self' blob:",
  'connect-src': "'self'",
  'manifest-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
};

/** Directives that only work as an HTTP header (ignored in a <meta> tag). */
const HEADER_ONLY: Record<string, string> = {
  'frame-ancestors': "'none'",
};

const join = (d: Record<string, string>) =>
  Object.entries(d)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');

/** The policy for a <meta http-equiv="Content-Security-Policy"> tag. */
export const cspMeta = join(DIRECTIVES);

/** The full policy as a response header (adds what a meta tag cannot carry). */
export const cspHeader = join({ ...DIRECTIVES, ...HEADER_ONLY });

/**
 * Who may frame the embed page (embed.html), as a frame-ancestors source
 * list: TIERPLAN_EMBED_ANCESTORS at build/preview time, e.g.
 * "https://moodle.example.edu https://*.example.edu"; by default any site
 * (the page shows one lesson and holds nothing of the teacher's).
 */
export const embedAncestors = (typeof process !== 'undefined' && process.env.TIERPLAN_EMBED_ANCESTORS?.trim()) || '*';

/** The embed page's header: the app's policy, except that the listed sites may frame it. */
export const cspEmbedHeader = join({ ...DIRECTIVES, ...HEADER_ONLY, 'frame-ancestors': embedAncestors });

/** The page a course site frames; every other path is the full app, which no site may frame. */
export const EMBED_PAGE = '/embed.html';

/** The Content-Security-Policy header for a request path. */
export function cspHeaderFor(path: string): string {
  return path.split(/[?#]/)[0] === EMBED_PAGE ? cspEmbedHeader : cspHeader;
}
