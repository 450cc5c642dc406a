import jsQR from 'jsqr';
import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { isPassLine, parsePassQr, passQrPayload, passUnits, type QrMatrix, qrHtmlTable, qrSvgPath } from './pass-qr';

/** Paints a matrix (with its quiet zone) into RGBA pixels and reads it back with jsQR, as the venue camera does. */
function decode(m: QrMatrix, scale = 4, margin = 4): string | null {
  const n = (m.size + 2 * margin) * scale;
  const px = new Uint8ClampedArray(n * n * 4).fill(255);
  for (let r = 0; r < m.size; r++)
    for (let c = 0; c < m.size; c++)
      if (m.data[r * m.size + c])
        for (let y = 0; y < scale; y++)
          for (let x = 0; x < scale; x++) {
            const i = (((r + margin) * scale + y) * n + (c + margin) * scale + x) * 4;
            px[i] = px[i + 1] = px[i + 2] = 0;
          }
  return jsQR(px, n, n)?.data ?? null;
}

/** Re-reads the dark modules from the SVG path ("M<x> <y>h<w>v1h-<w>z" runs). */
function matrixFromPath(d: string, size: number, margin = 4): QrMatrix {
  const data = new Uint8Array(size * size);
  for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, w] = [Number(m[1]) - margin, Number(m[2]) - margin, Number(m[3])];
    for (let i = 0; i < w; i++) data[y * size + x + i] = 1;
  }
  return { size, data };
}

describe('pass QR', () => {
  it('encodes the pass code with a prefix and reads it back, or a bare code, or a link', () => {
    expect(passQrPayload('K7QX2M9PLA')).toBe('SAMITI-PASS:K7QX2M9PLA');
    expect(parsePassQr('SAMITI-PASS:K7QX2M9PLA')).toBe('K7QX2M9PLA');
    expect(parsePassQr('samiti-pass:K7QX2M9PLA ')).toBe('K7QX2M9PLA');
    expect(parsePassQr('K7QX2M9PLA')).toBe('K7QX2M9PLA');
    expect(parsePassQr('https://example.org/profile?pass=K7QX2M9PLA')).toBe('K7QX2M9PLA');
    expect(parsePassQr('SAMITI-PASS:<script>')).toBeNull();
    expect(parsePassQr('WIFI:S:cafe;T:WPA;P:secret;;')).toBeNull();
    expect(parsePassQr('abc')).toBeNull();
  });

  it('draws an SVG path that a camera decoder reads as the payload', () => {
    const m = create(passQrPayload('K7QX2M9PLA'), { errorCorrectionLevel: 'M' }).modules;
    expect(decode(m)).toBe('SAMITI-PASS:K7QX2M9PLA');
    expect(decode(matrixFromPath(qrSvgPath(m), m.size))).toBe('SAMITI-PASS:K7QX2M9PLA');
  });

  it('draws the email table with one cell per module, dark where the matrix is dark', () => {
    const m = create(passQrPayload('ABCDEFGH23'), { errorCorrectionLevel: 'M' }).modules;
    const html = qrHtmlTable(m);
    const rows = html.split('<tr>').slice(1);
    expect(rows).toHaveLength(m.size + 8);
    const cells = rows.map((r) =>
      [...r.matchAll(/bgcolor="(#000000|#ffffff)"/g)].map((x) => (x[1] === '#000000' ? 1 : 0)),
    );
    const inner = cells.slice(4, 4 + m.size).flatMap((r) => r.slice(4, 4 + m.size));
    expect(decode({ size: m.size, data: inner })).toBe('SAMITI-PASS:ABCDEFGH23');
  });

  it('counts memberships and daily passes as pass lines, not the extra contribution or sponsorships', () => {
    expect(isPassLine({ type: 'DAILY_PASS', code: 'DPKP' })).toBe(true);
    expect(isPassLine({ type: 'MEMBERSHIP', code: 'MUTV' })).toBe(true);
    expect(isPassLine({ type: 'DAILY_PASS', code: 'DNP' })).toBe(false);
    expect(isPassLine({ type: 'SPONSORSHIP', code: 'SIDL' })).toBe(false);
    expect(passUnits([{ qty: 2 }, { qty: 3 }])).toBe(5);
  });
});
