// A QR code of a link, drawn as React SVG from the `qrcode` package's module
// matrix (no canvas, no network). Medium error correction (15 % of the code
// may be unreadable: a projector's glare, a student's shaky phone); a link
// too long for that is refused here, and the caller says what to shorten.
import { useMemo } from 'react';
import { unreachableFromPhones } from './share';
import QRCode from 'qrcode';

export const QR_LEVEL = 'M';

export type QrMatrix = ReturnType<typeof QRCode.create>;

/** The QR code of `text` at medium error correction, or null when it does not fit one code. */
export function qrMatrix(text: string): QrMatrix | null {
  try {
    return QRCode.create(text, { errorCorrectionLevel: QR_LEVEL });
  } catch {
    return null;
  }
}

export function QrCode({ text, size = 220 }: { text: string; size?: number }) {
  const qr = useMemo(() => qrMatrix(text), [text]);
  if (!qr) return <p className="hint">This link is too long for a QR code; share it as a link instead.</p>;
  const n = qr.modules.size;
  let d = '';
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) d += `M${c + 4},${r + 4}h1v1h-1z`;
  return (
    <svg
      className="qr"
      width={size}
      height={size}
      viewBox={`0 0 ${n + 8} ${n + 8}`}
      role="img"
      aria-label={`QR code of ${text}`}
      data-testid="lesson-qr"
      data-version={qr.version}
      shapeRendering="crispEdges"
    >
      <rect width={n + 8} height={n + 8} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

/** Says so when phones cannot open the address a link or QR code carries (the app opened on localhost). */
export function PhoneWarning({ url, short = false }: { url: string; short?: boolean }) {
  const why = unreachableFromPhones(url);
  if (!why) return null;
  return (
    <p className="field-error qr-unreachable" role="alert" data-testid="qr-unreachable">
      Phones cannot open this link: {why}.
      {short ? (
        <> Serve the app on the room's network and open it from there.</>
      ) : (
        <>
          {' '}
          Serve the app on an address the room can reach (for a test, <code>npx vite preview --host</code> and this computer's network address, e.g.
          http://192.168.1.20:4173/), or from the course's web server, and open it from there before sharing the link or its QR code.
        </>
      )}
    </p>
  );
}
