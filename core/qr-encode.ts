// A small QR code encoder (ISO/IEC 18004) for the pass QR: byte mode, error correction level M, versions 1 to
// 10 (up to 213 bytes; a pass payload is at most 76), the mask chosen by the standard's penalty rules. The
// qrcode package does the same and more (every mode and level, optimal segments), at 20 kB of the Worker's
// bundle; this is about 3 kB (docs/decisions/110). tests/unit/qr-encode.test.ts decodes its output with jsqr,
// the venue scanner's decoder.
import type { QrMatrix } from './pass-qr';

// Level M per version 1..10: error correction codewords per block, then [blocks, data codewords] groups.
const LEVEL_M: readonly [number, ...(readonly [number, number])[]][] = [
  [10, [1, 16]],
  [16, [1, 28]],
  [26, [1, 44]],
  [18, [2, 32]],
  [24, [2, 43]],
  [16, [4, 27]],
  [18, [4, 31]],
  [22, [2, 38], [2, 39]],
  [22, [3, 36], [2, 37]],
  [26, [4, 43], [1, 44]],
];

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x = (x << 1) ^ (x & 0x80 ? 0x11d : 0);
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
const mul = (a: number, b: number) => (a && b ? EXP[LOG[a]! + LOG[b]!]! : 0);

/** The Reed-Solomon remainder of `data` for `n` error correction codewords. */
function reedSolomon(data: number[], n: number): number[] {
  let gen = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(gen.length + 1).fill(0);
    gen.forEach((g, j) => {
      next[j]! ^= g;
      next[j + 1]! ^= mul(g, EXP[i]!);
    });
    gen = next;
  }
  const rem = new Array<number>(n).fill(0);
  for (const d of data) {
    const factor = d ^ rem.shift()!;
    rem.push(0);
    for (let j = 0; j < n; j++) rem[j]! ^= mul(gen[j + 1]!, factor);
  }
  return rem;
}

/** BCH code of `value` (format: 5 bits, version: 6 bits) with generator `poly` of degree `degree`. */
function bch(value: number, poly: number, degree: number): number {
  let r = value << degree;
  for (let bit = 31 - Math.clz32(r); bit >= degree; bit = 31 - Math.clz32(r)) r ^= poly << (bit - degree);
  return (value << degree) | r;
}

const MASKS: ((r: number, c: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

/** The codewords of `bytes` at `version`: data and error correction, interleaved as the standard orders them. */
function codewords(bytes: Uint8Array, version: number): number[] {
  const [ecLen, ...groups] = LEVEL_M[version - 1]!;
  const capacity = groups.reduce((n, [blocks, len]) => n + blocks * len, 0);
  const bits: number[] = [];
  const put = (value: number, len: number) => {
    for (let i = len - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4); // byte mode
  put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity * 8 - bits.length)); // terminator
  while (bits.length % 8) bits.push(0);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((v, b) => (v << 1) | b, 0));
  for (let pad = 0xec; data.length < capacity; pad ^= 0xec ^ 0x11) data.push(pad);

  const blocks: number[][] = [];
  let at = 0;
  for (const [count, len] of groups) {
    for (let i = 0; i < count; i++, at += len) blocks.push(data.slice(at, at + len));
  }
  const ecBlocks = blocks.map((b) => reedSolomon(b, ecLen));
  const out: number[] = [];
  const longest = Math.max(...blocks.map((b) => b.length));
  for (let i = 0; i < longest; i++) for (const b of blocks) if (i < b.length) out.push(b[i]!);
  for (let i = 0; i < ecLen; i++) for (const e of ecBlocks) out.push(e[i]!);
  return out;
}

/** The penalty score of a finished matrix (rules N1 to N4), lower is better. */
function penalty(m: Uint8Array, size: number): number {
  const at = (r: number, c: number) => m[r * size + c]!;
  let score = 0;
  let dark = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < size; i++) {
      let run = 0;
      let last = -1;
      let line = '';
      for (let j = 0; j < size; j++) {
        const v = pass ? at(j, i) : at(i, j);
        line += v;
        if (v === last) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
          last = v;
        }
      }
      if (run >= 5) score += run - 2;
      // finder-like patterns 1:1:3:1:1 with four light modules on one side
      for (const p of ['10111010000', '00001011101']) {
        for (let k = line.indexOf(p); k >= 0; k = line.indexOf(p, k + 1)) score += 40;
      }
    }
  }
  for (let r = 0; r < size - 1; r++) {
    for (let c = 0; c < size - 1; c++) {
      const v = at(r, c);
      if (v === at(r, c + 1) && v === at(r + 1, c) && v === at(r + 1, c + 1)) score += 3;
    }
  }
  for (const v of m) dark += v;
  return score + 10 * Math.floor(Math.abs((dark * 20) / (size * size) - 10));
}

/** The QR matrix of `text` (UTF-8, byte mode, level M), in the qrcode package's shape: size and row-major data. */
export function qrMatrix(text: string): QrMatrix & { data: Uint8Array } {
  const bytes = new TextEncoder().encode(text);
  const version = LEVEL_M.findIndex(([, ...groups], i) => {
    const capacity = groups.reduce((n, [blocks, len]) => n + blocks * len, 0);
    return 4 + (i + 1 < 10 ? 8 : 16) + bytes.length * 8 <= capacity * 8;
  });
  if (version < 0) throw new Error(`A pass QR holds at most 213 bytes, not ${bytes.length}`);
  const v = version + 1;
  const size = 17 + 4 * v;
  const modules = new Uint8Array(size * size);
  const fixed = new Uint8Array(size * size); // function patterns, never masked
  const set = (r: number, c: number, on: boolean | number) => {
    modules[r * size + c] = on ? 1 : 0;
    fixed[r * size + c] = 1;
  };

  // finder patterns with their separators
  for (const [fr, fc] of [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ] as const) {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        if (fr + r < 0 || fr + r >= size || fc + c < 0 || fc + c >= size) continue;
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
        set(fr + r, fc + c, ring !== 2 && ring !== 4);
      }
    }
  }
  // alignment patterns (versions 2 and up): centres at 6 and evenly up to size - 7
  if (v >= 2) {
    const count = Math.floor(v / 7) + 2;
    const step = v === 32 ? 26 : Math.ceil((size - 13) / (count * 2 - 2)) * 2;
    const centres = [6];
    for (let p = size - 7; centres.length < count; p -= step) centres.splice(1, 0, p);
    for (const r of centres) {
      for (const c of centres) {
        if (fixed[r * size + c]) continue; // on a finder
        for (let dr = -2; dr <= 2; dr++) {
          for (let dc = -2; dc <= 2; dc++) set(r + dr, c + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
        }
      }
    }
  }
  // timing patterns
  for (let i = 8; i < size - 8; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  // the dark module, and the format areas reserved (written per mask below)
  set(size - 8, 8, 1);
  for (let i = 0; i < 9; i++) {
    if (!fixed[8 * size + i]) set(8, i, 0);
    if (!fixed[i * size + 8]) set(i, 8, 0);
  }
  for (let i = 0; i < 8; i++) {
    set(8, size - 1 - i, 0);
    if (i < 7) set(size - 1 - i, 8, 0);
  }
  // version information (versions 7 and up)
  if (v >= 7) {
    const info = bch(v, 0x1f25, 12);
    for (let i = 0; i < 18; i++) {
      const on = (info >> i) & 1;
      const a = Math.floor(i / 3);
      const b = (i % 3) + size - 11;
      set(a, b, on);
      set(b, a, on);
    }
  }

  // data, in two-column strips from the bottom right, up and down in turn, skipping the timing column
  const words = codewords(bytes, v);
  let bit = 0;
  for (let right = size - 1, upward = true; right > 0; right -= 2, upward = !upward) {
    if (right === 6) right = 5;
    for (let i = 0; i < size; i++) {
      const r = upward ? size - 1 - i : i;
      for (const c of [right, right - 1]) {
        if (fixed[r * size + c]) continue;
        const w = words[bit >> 3];
        modules[r * size + c] = w === undefined ? 0 : (w >> (7 - (bit & 7))) & 1;
        bit++;
      }
    }
  }

  let best: Uint8Array | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  MASKS.forEach((mask, k) => {
    const m = modules.slice();
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) if (!fixed[r * size + c] && mask(r, c)) m[r * size + c]! ^= 1;
    }
    // format information: level M (00) and the mask, BCH-coded and XORed with 101010000010010
    const format = bch(k, 0x537, 10) ^ 0x5412;
    for (let i = 0; i < 15; i++) {
      const on = (format >> i) & 1;
      // around the top-left finder
      if (i < 6) m[i * size + 8] = on;
      else if (i < 8) m[(i + 1) * size + 8] = on;
      else m[8 * size + (i === 8 ? 7 : 14 - i)] = on;
      // split between the other two finders
      if (i < 8) m[8 * size + size - 1 - i] = on;
      else m[(size - 15 + i) * size + 8] = on;
    }
    const score = penalty(m, size);
    if (score < bestScore) {
      bestScore = score;
      best = m;
    }
  });
  return { size, data: best! };
}
