// The emails of an order's transitions: the confirmation (with the pass QR code) and the rejection of a
// direct transfer. Sent only by the call that made the change (worker/services/transitions/orders.ts).
import { formatRcptId } from '../../core/ids';
import { formatINR } from '../../core/money';
import { isPassLine } from '../../core/pass-qr';
import association from '../../web/content/association.json';
import { compose, sendMail } from '../lib/mail';
import { passQrEmailHtml } from '../lib/pass-qr';
import type { Svc } from '../lib/svc';
import type { OrderLineRow, OrderRow } from './order-view';

/** Where a member's reply reaches the committee: MAIL_REPLY_TO, else the association's address. */
const committeeAddress = (s: Svc) => s.config.MAIL_REPLY_TO ?? association.email;

function linesText(lines: readonly OrderLineRow[]) {
  return lines.map((l) => `${l.name} x ${l.qty}: ${formatINR(l.sellPricePaise)}`).join('\n');
}

function totalText(o: OrderRow) {
  const parts = [`Total: ${formatINR(o.totalPaise)}`];
  if (o.conveniencePaise > 0) parts.unshift(`Convenience charge: ${formatINR(o.conveniencePaise)}`);
  return parts.join('\n');
}

export async function sendConfirmation(s: Svc, o: OrderRow, lines: OrderLineRow[]) {
  const rcpt = formatRcptId(o.id);
  const paras = [
    `Namaskar ${o.userName},`,
    `Thank you! Your contribution ${rcpt} for the festival year ${o.fiscalYear} is confirmed.`,
    linesText(lines),
    totalText(o),
  ];
  if (o.passCode) {
    paras.push(
      `Your pass code is ${o.passCode}. Show it (or the QR code on your profile) at the venue to collect your passes.`,
    );
  }
  const mail = compose(o.userEmail, `Contribution confirmed: ${rcpt}`, paras, {
    href: `${s.origin}/profile`,
    label: 'See your contributions',
  });
  if (o.passCode) {
    const passLines = lines.filter(isPassLine).map((l) => ({ code: l.code, name: l.name, qty: l.qty }));
    mail.html += `\n${passQrEmailHtml(o.passCode, passLines)}`;
  }
  await sendMail(s.db, s.config, mail);
}

export async function sendRejection(s: Svc, o: OrderRow, reason: string) {
  const rcpt = formatRcptId(o.id);
  await sendMail(s.db, s.config, {
    ...compose(o.userEmail, `Contribution not verified: ${rcpt}`, [
      `Namaskar ${o.userName},`,
      `We could not verify the payment for your contribution ${rcpt} (${formatINR(o.totalPaise)}, transaction id ${o.transactionId ?? '-'}).`,
      `Reason: ${reason}`,
      `If you did pay, please reply to this email (it reaches the committee at ${committeeAddress(s)}) with the details, or share the same transaction id again on a new contribution from the website.`,
    ]),
    // a reply reaches the committee, not the no-reply sender
    headers: { 'Reply-To': committeeAddress(s) },
  });
}
