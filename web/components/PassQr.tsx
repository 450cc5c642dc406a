// The member's pass as a QR code with its lines: shown in Contribution Details (profile) and printable.
import { create } from 'qrcode/lib/core/qrcode.js';
import { useMemo } from 'react';
import { t } from '../../core/i18n';
import { passQrPayload, qrSvgPath } from '../../core/pass-qr';
import './pass-qr.css';

export type PassQrProps = {
  passCode: string;
  lines: { name: string; qty: number; code?: string }[];
  orderRcptId?: string;
  /** drawn size in CSS pixels */
  size?: number;
};

export function PassQr({ passCode, lines, orderRcptId, size = 220 }: PassQrProps) {
  const qr = useMemo(() => {
    const m = create(passQrPayload(passCode), { errorCorrectionLevel: 'M' }).modules;
    return { n: m.size + 8, d: qrSvgPath(m) };
  }, [passCode]);
  return (
    <figure className="pass-qr">
      <figcaption className="pass-qr-title">{t('pass.qrTitle')}</figcaption>
      <svg
        role="img"
        aria-label={t('pass.qrAlt', { rcpt: orderRcptId ?? passCode })}
        viewBox={`0 0 ${qr.n} ${qr.n}`}
        width={size}
        height={size}
        shapeRendering="crispEdges"
        data-pass-code={passCode}
      >
        <rect width={qr.n} height={qr.n} fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
      <p className="pass-qr-code">{passCode}</p>
      {lines.length > 0 && (
        <ul className="pass-qr-lines">
          {lines.map((l) => (
            <li key={l.code ?? l.name}>
              {l.name} × {l.qty}
            </li>
          ))}
        </ul>
      )}
      <p className="pass-qr-hint">{t('pass.qrHint')}</p>
    </figure>
  );
}
