// Writes the public site's placeholder media with no image or PDF library:
//   web/public/gallery/photo-NN.png (+ -sm.png) — 48 gallery photos, 640x400 and 320x200, flat-colour festival scenes
//   web/public/gallery/seva-N.png                 — photos for the social responsibility page
//   web/public/magazines/*.pdf                    — sample magazines and presentations, text taken from web/content/
// Run: node scripts/make-site-assets.mjs   (the output is committed; the association replaces it with real media)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { png } from './make-icons.mjs';

const readJson = (p) => JSON.parse(readFileSync(new URL(`../web/content/${p}`, import.meta.url), 'utf8'));

// ---------- pictures ----------
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const PALETTES = [
  {
    sky: [
      [28, 18, 64],
      [58, 24, 92],
      [110, 34, 90],
    ],
    ground: [74, 20, 38],
    accent: [242, 169, 0],
    glow: [255, 214, 120],
  },
  {
    sky: [
      [12, 30, 60],
      [30, 60, 110],
      [70, 90, 140],
    ],
    ground: [40, 30, 30],
    accent: [255, 140, 40],
    glow: [255, 230, 160],
  },
  {
    sky: [
      [90, 10, 40],
      [150, 30, 50],
      [210, 80, 60],
    ],
    ground: [50, 14, 28],
    accent: [255, 205, 60],
    glow: [255, 240, 190],
  },
  {
    sky: [
      [20, 50, 40],
      [40, 90, 70],
      [90, 130, 90],
    ],
    ground: [60, 40, 20],
    accent: [240, 120, 30],
    glow: [255, 220, 140],
  },
];

/** What the picture shows follows its caption: 0 lamps, 1 pandal, 2 stage and crowd, 3 dandiya. */
function kindOf(alt, n) {
  const a = alt.toLowerCase();
  if (/dandiya/.test(a)) return 3;
  if (/\bdiya|\blamp|candle|flame/.test(a)) return 0;
  if (/pandal|gate|roof|idol|pratima|decorat/.test(a)) return 1;
  if (
    /stage|danc|choir|sing|rehears|drama|music|sangeet|friends|children|drum|dhak|procession|recitation|audience|programme|quiz/.test(
      a,
    )
  ) {
    return 2;
  }
  if (/aarti|evening/.test(a)) return 0;
  return n % 4;
}

function scene(n, w, h, alt = '') {
  const r = rng(n * 7919 + 17);
  const pal = PALETTES[n % PALETTES.length];
  const kind = kindOf(alt, n);
  const horizon = Math.round(h * (0.62 + r() * 0.12));
  const lamps = Array.from({ length: 5 + Math.floor(r() * 5) }, () => ({
    x: r() * w,
    y: horizon + 8 + r() * (h - horizon - 20),
    s: (0.02 + r() * 0.015) * w,
  }));
  const stars = Array.from({ length: 30 }, () => ({ x: Math.floor(r() * w), y: Math.floor(r() * horizon * 0.8) }));
  const crowd = Array.from({ length: 18 }, (_, i) => ({
    x: (i + 0.5) * (w / 18) + (r() - 0.5) * 8,
    s: w * (0.022 + r() * 0.01),
  }));
  const roofH = h * (0.2 + r() * 0.08);
  const cell = Math.max(2, Math.round(w / 110));
  return (x, y) => {
    for (const l of lamps) {
      const dx = x - l.x;
      const dy = y - l.y;
      if (dx * dx + dy * dy < l.s * l.s * 0.35) return pal.glow;
      if (dy > 0 && dy < l.s * 0.6 && Math.abs(dx) < l.s * (1 - dy / (l.s * 0.6))) return pal.accent;
    }
    if (kind === 1) {
      const cx = w / 2;
      const top = horizon - roofH - h * 0.25;
      if (y > top && y < top + roofH && Math.abs(x - cx) < ((y - top) / roofH) * w * 0.35) return pal.accent;
      if (y >= top + roofH && y < horizon && Math.abs(x - cx) < w * 0.3) {
        const arch = Math.abs(x - cx) < w * 0.08 && y > top + roofH + h * 0.06;
        return arch ? pal.glow : [200, 60, 60];
      }
    }
    if (kind === 2) {
      if (y > h * 0.3 && y < horizon && x > w * 0.15 && x < w * 0.85) return y < h * 0.36 ? pal.accent : [40, 20, 30];
      for (const c of crowd) {
        const dx = x - c.x;
        const dy = y - (horizon + c.s * 1.2);
        if (dx * dx + dy * dy < c.s * c.s) return [20, 12, 18];
      }
    }
    if (kind === 3) {
      const t = (x - w * 0.3) / (w * 0.4);
      if (t > 0 && t < 1) {
        const y1 = horizon - h * 0.4 + t * h * 0.3;
        const y2 = horizon - h * 0.1 - t * h * 0.3;
        if (Math.abs(y - y1) < cell * 1.5 || Math.abs(y - y2) < cell * 1.5) return pal.accent;
      }
    }
    if (y >= horizon) return pal.ground;
    for (const s of stars) if (Math.abs(x - s.x) <= 1 && Math.abs(y - s.y) <= 1 && kind !== 2) return pal.glow;
    const band = Math.min(2, Math.floor((y / horizon) * 3));
    return pal.sky[band];
  };
}

function seva(n, w, h) {
  const r = rng(n * 104729 + 3);
  const wall = [
    [238, 226, 200],
    [214, 232, 220],
    [228, 214, 236],
  ][n % 3];
  const books = Array.from(
    { length: 14 },
    () =>
      [
        [122, 18, 48],
        [31, 78, 121],
        [29, 107, 53],
        [242, 169, 0],
      ][Math.floor(r() * 4)],
  );
  return (x, y) => {
    if (y > h * 0.78) return [120, 84, 52];
    // a bookshelf
    if (x > w * 0.1 && x < w * 0.55 && y > h * 0.2 && y < h * 0.75) {
      const shelf = Math.floor(((y - h * 0.2) / (h * 0.55)) * 3);
      const inShelf = (y - h * 0.2) % ((h * 0.55) / 3) < h * 0.02;
      if (inShelf) return [90, 60, 36];
      const book = Math.floor(((x - w * 0.1) / (w * 0.45)) * 14);
      return books[(book + shelf * 5) % 14];
    }
    // a blackboard
    if (x > w * 0.62 && x < w * 0.92 && y > h * 0.22 && y < h * 0.6) return [34, 60, 44];
    return wall;
  };
}

mkdirSync('web/public/gallery', { recursive: true });
mkdirSync('web/public/magazines', { recursive: true });
const gallery = readJson('gallery.json');
let biggest = 0;
gallery.photos.forEach((p, i) => {
  for (const [file, w, h] of [
    [p.src, 640, 400],
    [p.srcSmall, 320, 200],
  ]) {
    const buf = png(w, h, scene(i + 1, w, h, p.alt));
    biggest = Math.max(biggest, buf.length);
    writeFileSync(`web/public${file}`, buf);
  }
});
const responsibility = readJson('responsibility.json');
responsibility.activities.forEach((a, i) => {
  const buf = png(640, 400, seva(i, 640, 400));
  biggest = Math.max(biggest, buf.length);
  writeFileSync(`web/public${a.photo}`, buf);
});

// ---------- PDFs ----------
const esc = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-');
function wrap(text, max) {
  const out = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (`${line} ${word}`.trim().length > max) {
      out.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) out.push(line);
  return out;
}
/** pages: [{ title, lines: string[] }] -> a minimal PDF 1.4 (A4 landscape, Helvetica) */
function pdf(docTitle, pages) {
  const objs = [];
  const add = (s) => objs.push(s) && objs.length;
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids = [];
  for (const p of pages) {
    let y = 520;
    let stream = '0.478 0.071 0.188 rg 0 560 842 35 re f 0.95 0.66 0 rg 0 556 842 4 re f\n';
    stream += `BT /F2 13 Tf 1 1 1 rg 30 572 Td (${esc(docTitle)}) Tj ET\n`;
    stream += `BT /F2 26 Tf 0.35 0.05 0.14 rg 40 ${y} Td (${esc(p.title)}) Tj ET\n`;
    y -= 44;
    for (const raw of p.lines) {
      for (const [k, l] of wrap(raw, 88).entries()) {
        stream += `BT /F1 15 Tf 0.11 0.1 0.1 rg ${k === 0 ? 40 : 56} ${y} Td (${esc(k === 0 ? `- ${l}` : l)}) Tj ET\n`;
        y -= 22;
      }
      y -= 6;
    }
    const content = add(`<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}endstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 842 595] /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objs[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objs[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = add(`<< /Title (${esc(docTitle)}) /Producer (scripts/make-site-assets.mjs) >>`);
  let out = '%PDF-1.4\n';
  const offsets = [];
  objs.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

for (const m of readJson('magazines.json').issues) {
  writeFileSync(`web/public${m.file}`, pdf(m.title, m.pages));
}
for (const deck of readJson('presentations.json').decks) {
  writeFileSync(
    `web/public${deck.pdf}`,
    pdf(
      deck.title,
      deck.slides.map((s) => ({ title: s.title, lines: s.points })),
    ),
  );
}
console.log(`site assets written; largest picture ${biggest} bytes`);
