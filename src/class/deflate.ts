// Raw DEFLATE through the platform's CompressionStream (browsers, Node 18+),
// as URL-safe base64: lesson link v2's body. About a quarter shorter than
// lz-string on a lesson's JSON (measured on the built-in lessons: 2 361 → 1 831
// characters for "disk-bandwidth"), which is what lets an authored lesson's
// link fit a smaller QR code. Asynchronous, as the streams are.

async function pipe(bytes: Uint8Array, through: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const body = new Response(bytes as Uint8Array<ArrayBuffer>).body;
  if (!body) throw new Error('no stream');
  return new Uint8Array(await new Response(body.pipeThrough(through)).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new Error('not base64url');
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** `text` deflated, as base64url. */
export async function deflateText(text: string): Promise<string> {
  return toBase64Url(await pipe(new TextEncoder().encode(text), new CompressionStream('deflate-raw')));
}

/** The text of a base64url deflate body, or null when it is not one (damaged, truncated). */
export async function inflateText(data: string): Promise<string | null> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await pipe(fromBase64Url(data), new DecompressionStream('deflate-raw')));
  } catch {
    return null;
  }
}
