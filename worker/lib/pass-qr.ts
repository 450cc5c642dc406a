// The pass QR for the confirmation email (checkout's confirmPayment calls passQrEmailHtml). The matrix comes
// from core/qr-encode.ts, a small byte-mode encoder, not the qrcode package (20 kB of the Worker, decision 110).
import { type PassLine, passQrPayload, qrHtmlTable, qrSvg } from '../../core/pass-qr';
import { qrMatrix } from '../../core/qr-encode';
import { escapeHtml, type Words } from './mail';

export function passQrMatrix(passCode: string) {
  return qrMatrix(passQrPayload(passCode));
}

/** An SVG document of the pass QR (for pages; mail clients drop SVG, use passQrEmailHtml there). */
export function passQrSvg(passCode: string, pixels = 200): string {
  return qrSvg(passQrMatrix(passCode), pixels);
}

/**
 * The HTML block for the confirmation email, in its reader's words: the QR as a table of cells (renders in every mail client,
 * no image to host or block), the pass code in text and the lines with quantities.
 */
export function passQrEmailHtml(w: Words, passCode: string, lines: PassLine[]): string {
  const items = lines.map((l) => `<li>${escapeHtml(l.name)} × ${l.qty}</li>`).join('');
  return [
    `<div style="margin:16px 0">`,
    `<p style="margin:0 0 8px"><strong>${escapeHtml(w('passMail.qrTitle'))}</strong></p>`,
    qrHtmlTable(passQrMatrix(passCode)),
    `<p style="margin:8px 0 0;font-family:monospace;font-size:16px">${escapeHtml(passCode)}</p>`,
    items ? `<ul style="margin:8px 0 0">${items}</ul>` : '',
    `<p style="margin:8px 0 0">${escapeHtml(w('passMail.qrHint'))}</p>`,
    `</div>`,
  ].join('\n');
}
