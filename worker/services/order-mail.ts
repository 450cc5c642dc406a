// The emails of an order's transitions: the confirmation (with the pass QR code) and the rejection of a
// direct transfer, and the same news on the member's other chosen channels (WhatsApp, push: issue 26). Sent only
// by the call that made the change (worker/services/transitions/orders.ts).
import { formatRcptId } from '../../core/ids';
import { formatINR } from '../../core/money';
import { isPassLine } from '../../core/pass-qr';
import association from '../../web/content/association.json';
import { and, eq } from 'drizzle-orm';
import { receipts } from '../../schema/index';
import { compose, type MailLink, sendMail } from '../lib/mail';
import { passQrEmailHtml } from '../lib/pass-qr';
import type { Svc } from '../lib/svc';
import { notify } from './deliveries';
import type { OrderLineRow, OrderRow } from './order-view';
import { receiptMailParagraphs } from './receipts';

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
  // queued first and never throwing: the email's trouble does not keep WhatsApp or push from the member
  const elsewhere = notify(s, {
    userId: o.userId,
    event: `order.confirmed:${o.id}`,
    kind: 'payments',
    topic: o.paymentType === 'Offline' ? 'verified' : 'confirmed',
    params: { name: o.userName, rcpt, amount: formatINR(o.totalPaise) },
    link: o.passCode ? `profile?pass=${rcpt}` : 'profile',
  });
  try {
    await confirmationMail(s, o, lines, rcpt);
  } finally {
    await elsewhere;
  }
}

async function confirmationMail(s: Svc, o: OrderRow, lines: OrderLineRow[], rcpt: string) {
  const paras: (string | MailLink)[] = [
    `Namaskar ${o.userName},`,
    `Thank you! Your contribution ${rcpt} for the festival year ${o.fiscalYear} is confirmed.`,
    linesText(lines),
    totalText(o),
  ];
  const waived = lines.reduce((n, l) => n + l.waivedUnits, 0);
  if (waived > 0) {
    // docs/decisions/255
    paras.push(
      `The membership fee of ${waived} family member(s) is waived for your full sponsorships this festival year.`,
    );
  }
  // the numbered receipt issued with the confirmation (issue 25): its number and the page that prints it
  const receipt = await s.db
    .select({ number: receipts.number })
    .from(receipts)
    .where(and(eq(receipts.kind, 'receipt'), eq(receipts.orderId, o.id)))
    .get();
  if (receipt) paras.push(...receiptMailParagraphs(s, receipt.number, o.id));
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
  const elsewhere = notify(s, {
    userId: o.userId,
    event: `order.rejected:${o.id}`,
    kind: 'payments',
    topic: 'rejected',
    params: { name: o.userName, rcpt, amount: formatINR(o.totalPaise), reason },
    link: 'profile',
  });
  try {
    await rejectionMail(s, o, reason, rcpt);
  } finally {
    await elsewhere;
  }
}

async function rejectionMail(s: Svc, o: OrderRow, reason: string, rcpt: string) {
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
