import { describe, expect, it } from 'vitest';
import { decodeScenarioHash, encodeScenarioHash } from './share';

describe('scenario links', () => {
  it('round-trip any UTF-8 JSON through a URL-safe fragment', () => {
    const json = JSON.stringify({ name: 'θ = 0.271 — “SSD A”', n: [1, 2.5] });
    const hash = encodeScenarioHash(json);
    expect(hash).toMatch(/^#s=[A-Za-z0-9_-]+$/);
    expect(decodeScenarioHash(hash)).toBe(json);
  });

  it('return null for fragments that hold no scenario', () => {
    expect(decodeScenarioHash('')).toBeNull();
    expect(decodeScenarioHash('#results')).toBeNull();
    expect(decodeScenarioHash('#s=%%%')).toBeNull();
    expect(decodeScenarioHash('#s=' + btoa('\xff\xfe'))).toBeNull();
  });
});
