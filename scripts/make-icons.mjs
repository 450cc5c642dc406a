// Writes the PWA's icons: the association's mark (a diya before the rising sun, paths only, so no font is needed)
// as web/public/icons/icon.svg, and the PNGs rendered from it in Debian's Chromium (docs/decisions/108).
// Also exports png(), the library-free PNG encoder make-site-assets.mjs uses.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** pixel(x, y) -> [r, g, b] */
export function png(width, height, pixel) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const o = y * (width * 3 + 1) + 1 + x * 3;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const MARK = `<circle cx="256" cy="226" r="124" fill="#f2a900"/>
<path d="M256 112c30 44 40 78 24 108-8 15-20 22-24 22s-16-7-24-22c-16-30-6-64 24-108z" fill="#fff8ec"/>
<path d="M256 158c14 24 18 44 9 60-4 7-7 9-9 9s-5-2-9-9c-9-16-5-36 9-60z" fill="#7a1230"/>
<path d="M128 262h256c0 62-57 104-128 104s-128-42-128-104z" fill="#5a0d23"/>
<path d="M150 262h212" stroke="#fff8ec" stroke-width="14" stroke-linecap="round"/>
<path d="M136 408h240" stroke="#fff8ec" stroke-width="26" stroke-linecap="round"/>`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" role="img" aria-label="Samiti"><title>Samiti</title><rect width="512" height="512" rx="96" fill="#7a1230"/>${MARK}</svg>`;
// maskable: full bleed, the mark inside the middle 80 % that every mask keeps
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="#7a1230"/><g transform="translate(64 58) scale(0.75)">${MARK}</g></svg>`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import('playwright-core');
  mkdirSync('web/public/icons', { recursive: true });
  writeFileSync('web/public/icons/icon.svg', `${SVG}\n`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  for (const [name, svg, size] of [
    ['icon-192', SVG, 192],
    ['icon-512', SVG, 512],
    ['icon-maskable-512', MASKABLE, 512],
  ]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`,
    );
    await page.screenshot({ path: `web/public/icons/${name}.png`, omitBackground: true });
    await page.close();
  }
  await browser.close();
  console.log('icons written');
}
