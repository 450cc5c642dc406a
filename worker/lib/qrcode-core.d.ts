// The qrcode package's pure encoder (no canvas, no fs): what the Worker uses to draw pass QRs in emails.
declare module 'qrcode/lib/core/qrcode.js' {
  export function create(
    text: string,
    options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' },
  ): { modules: { size: number; data: Uint8Array } };
}
