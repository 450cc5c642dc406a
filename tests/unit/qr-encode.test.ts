// The Worker's QR encoder (core/qr-encode.ts, docs/decisions/110): every version it makes is read back by jsqr,
// the venue scanner's decoder, and where the qrcode package also chooses byte mode it draws the same matrix.
import jsQR from 'jsqr';
import { create } from 'qrcode/lib/core/qrcode.js';
import { describe, expect, it } from 'vitest';
import { passQrPayload, type QrMatrix } from '../../core/pass-qr';
import { qrMatrix } from '../../core/qr-encode';

/** Draws the matrix as the email does (4 px a module, 4 modules of quiet zone) and scans it. */
function scan(m: QrMatrix): string | undefined {
  const scale = 4;
  const margin = 4;
  const n = (m.size + 2 * margin) * scale;
  const px = new Uint8ClampedArray(n * n * 4).fill(255);
  for (let r = 0; r < m.size; r++) {
    for (let c = 0; c < m.size; c++) {
      if (!m.data[r * m.size + c]) continue;
      for (let y = 0; y < scale; y++) {
        for (let x = 0; x < scale; x++) {
          const i = (((r + margin) * scale + y) * n + (c + margin) * scale + x) * 4;
          px[i] = px[i + 1] = px[i + 2] = 0;
        }
      }
    }
  }
  return jsQR(px, n, n)?.data;
}

const text = (len: number, seed = 0) =>
  Array.from({ length: len }, (_, i) => 'abcdefghijklmnopqrstuvwxyz_-0123456789'[(i * 7 + len + seed) % 38]).join('');

// the longest byte payload of each version at level M
const CAPACITY = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213];

describe('qrMatrix', () => {
  it('makes pass QRs that the scanner reads, for pass codes of every allowed length', () => {
    for (let len = 6; len <= 64; len += 3) {
      const payload = passQrPayload(`K7${text(len - 2, len).replace(/[^A-Za-z0-9_-]/g, 'x')}`);
      expect(scan(qrMatrix(payload))).toBe(payload);
    }
  });

  it('uses the smallest version that holds the text, and each version scans at its capacity', () => {
    CAPACITY.forEach((cap, i) => {
      const full = qrMatrix(text(cap));
      expect(full.size).toBe(21 + 4 * i);
      expect(scan(full)).toBe(text(cap));
      if (i < 9) expect(qrMatrix(text(cap + 1)).size).toBe(25 + 4 * i);
    });
    expect(() => qrMatrix(text(214))).toThrow(/at most 213 bytes/);
  });

  it('draws the same matrix as the qrcode package for text that it also writes in byte mode', () => {
    for (const len of [1, 9, 14, 20, 33, 47, 62, 70, 84, 100, 120, 140, 170, 200]) {
      const ours = qrMatrix(text(len));
      const theirs = create(text(len), { errorCorrectionLevel: 'M' }).modules;
      expect(ours.size).toBe(theirs.size);
      expect(Array.from(ours.data)).toEqual(Array.from(theirs.data, (v) => (v ? 1 : 0)));
    }
  });

  it('writes UTF-8 (a Bengali name scans back whole)', () => {
    expect(scan(qrMatrix('নমস্কার SMT000042'))).toBe('নমস্কার SMT000042');
  });
});
