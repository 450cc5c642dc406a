// The pass QR: what it encodes and how it is drawn, shared by the member's profile, the confirmation
// email and the venue scanner. Pure: the QR matrix itself comes from the qrcode package at the caller.

import { EXTRA_CONTRIBUTION_CODE } from './pricing';

/** The QR says what it is, so the scanner can tell a pass from any other QR code a person shows. */
export const PASS_QR_PREFIX = 'SAMITI-PASS:';

/** Pass codes are random, URL-safe text (never the sequential contribution id). */
const PASS_CODE = /^[A-Za-z0-9_-]{6,64}$/;

export function passQrPayload(passCode: string): string {
  return `${PASS_QR_PREFIX}${passCode}`;
}

/** Reads a scanned QR: "SAMITI-PASS:<code>", a link carrying ?pass=<code>, or a bare pass code. */
export function parsePassQr(scanned: string): string | null {
  const text = scanned.trim();
  if (text.toUpperCase().startsWith(PASS_QR_PREFIX)) {
    const code = text.slice(PASS_QR_PREFIX.length).trim();
    return PASS_CODE.test(code) ? code : null;
  }
  if (/^https?:\/\//i.test(text)) {
    try {
      const code = new URL(text).searchParams.get('pass');
      return code && PASS_CODE.test(code) ? code : null;
    } catch {
      return null;
    }
  }
  return PASS_CODE.test(text) ? text : null;
}

export type PassLine = { code: string; name: string; qty: number };

/** Lines that give entry at the venue: memberships and daily passes, not the extra contribution (DNP). */
export function isPassLine(line: { type: string; code: string }): boolean {
  return (line.type === 'MEMBERSHIP' || line.type === 'DAILY_PASS') && line.code !== EXTRA_CONTRIBUTION_CODE;
}

export function passUnits(lines: readonly { qty: number }[]): number {
  return lines.reduce((n, l) => n + l.qty, 0);
}

/** The QR matrix as the qrcode package gives it (`create(text).modules`). */
export type QrMatrix = { size: number; data: ArrayLike<number | boolean> };

const dark = (m: QrMatrix, row: number, col: number) => !!m.data[row * m.size + col];

/** One SVG path for all dark modules, in module units with a 4-module quiet zone. */
export function qrSvgPath(m: QrMatrix, margin = 4): string {
  const parts: string[] = [];
  for (let r = 0; r < m.size; r++) {
    let c = 0;
    while (c < m.size) {
      if (!dark(m, r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < m.size && dark(m, r, c)) c++;
      parts.push(`M${start + margin} ${r + margin}h${c - start}v1h-${c - start}z`);
    }
  }
  return parts.join('');
}

/** A whole SVG document for the QR (the viewBox includes the quiet zone). */
export function qrSvg(m: QrMatrix, pixels = 200, margin = 4): string {
  const n = m.size + 2 * margin;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" width="${pixels}" height="${pixels}" shape-rendering="crispEdges">` +
    `<rect width="${n}" height="${n}" fill="#fff"/><path fill="#000" d="${qrSvgPath(m, margin)}"/></svg>`
  );
}

/**
 * The QR as an HTML table of coloured cells: mail clients (Gmail, Outlook) drop inline SVG and data:
 * images, but every one of them renders table cell backgrounds.
 */
export function qrHtmlTable(m: QrMatrix, cellPx = 4, margin = 4): string {
  const n = m.size + 2 * margin;
  const rows: string[] = [];
  for (let r = -margin; r < m.size + margin; r++) {
    const cells: string[] = [];
    for (let c = -margin; c < m.size + margin; c++) {
      const on = r >= 0 && c >= 0 && r < m.size && c < m.size && dark(m, r, c);
      cells.push(`<td width="${cellPx}" height="${cellPx}" bgcolor="${on ? '#000000' : '#ffffff'}"></td>`);
    }
    rows.push(`<tr>${cells.join('')}</tr>`);
  }
  return (
    `<table role="img" aria-label="Pass QR code" cellpadding="0" cellspacing="0" border="0" ` +
    `style="border-collapse:collapse;width:${n * cellPx}px;height:${n * cellPx}px;line-height:0;font-size:0">` +
    `${rows.join('')}</table>`
  );
}
