// The emails of an order's transitions: the confirmation (with the pass QR code) and the rejection of a
// direct transfer, and the same news on the member's other chosen channels (WhatsApp, push). Sent only
// by the call that made the change (worker/services/transitions/orders.ts).
import { formatRcptId } from '../../../core/ids';
import { formatINR } from '../../../core/money';
import { isPassLine } from '../../../core/pass-qr';
import association from '../../../web/content/association.json';
import { and, eq } from 'drizzle-orm';
import { receipts } from '../../../schema/index';
import { type MailKey, mailEn } from '../../../core/messages/mail.en';
import { compose, linesText, type MailLink, sendMail, type Words } from '../../lib/mail';
import { passQrEmailHtml } from '../../lib/pass-qr';
import type { Svc } from '../../lib/svc';
import { notify } from '../channels/deliveries';
import type { OrderLineRow, OrderRow } from './order-view';
import { receiptLink, receiptMailParagraphs } from './receipts';

/** Where a member's reply reaches the committee: MAIL_REPLY_TO, else the association's address. */
const committeeAddress = (s: Svc) => s.config.MAIL_REPLY_TO ?? association.email;

function totalText(w: Words, o: OrderRow) {
  const parts = [w('mail.total', { amount: formatINR(o.totalPaise) })];
  if (o.conveniencePaise > 0) parts.unshift(w('mail.convenience', { amount: formatINR(o.conveniencePaise) }));
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
  const waived = lines.reduce((n, l) => n + l.waivedUnits, 0);
  // the numbered receipt issued with the confirmation: its number and the page that prints it
  const receipt = await s.db
    .select({ number: receipts.number })
    .from(receipts)
    .where(and(eq(receipts.kind, 'receipt'), eq(receipts.orderId, o.id)))
    .get();
  const passLines = lines.filter(isPassLine).map((l) => ({ code: l.code, name: l.name, qty: l.qty }));
  // a member's link: they sign in to open it
  const receiptHref = await receiptLink(s, o.id, false);
  await sendMail(s.db, s.config, {
    to: o.userEmail,
    write: (w) => {
      const paras: (string | MailLink)[] = [
        w('mail.greeting', { name: o.userName }),
        w('confirmed.thanks', { rcpt, year: o.fiscalYear }),
        linesText(w, lines, (l) => l.sellPricePaise),
        totalText(w, o),
      ];
      if (waived > 0) paras.push(w('confirmed.waived', { count: waived })); // docs/decisions/255
      if (receipt) paras.push(...receiptMailParagraphs(w, receipt.number, receiptHref));
      if (o.passCode) paras.push(w('confirmed.pass', { code: o.passCode }));
      const mail = compose(w('confirmed.subject', { rcpt }), paras, {
        href: `${s.origin}/profile`,
        label: w('mail.seeContributions'),
      });
      if (o.passCode) mail.html += `\n${passQrEmailHtml(w, o.passCode, passLines)}`;
      return mail;
    },
  });
}

export async function sendRejection(s: Svc, o: OrderRow, reason: string, reasonCode?: string | null) {
  const rcpt = formatRcptId(o.id);
  const elsewhere = notify(s, {
    userId: o.userId,
    event: `order.rejected:${o.id}`,
    kind: 'payments',
    topic: 'rejected',
    params: {
      name: o.userName,
      rcpt,
      amount: formatINR(o.totalPaise),
      // the message ends the reason's sentence itself (a reason that is only punctuation stays: WhatsApp refuses an empty
      // parameter); a stock reason is written in the member's language when sent
      reason: reason.trim().replace(/[.।]+$/u, '') || reason.trim(),
      ...(reasonCode && reasonCode !== 'other' ? { reasonCode } : {}),
    },
    link: 'profile',
  });
  try {
    await rejectionMail(s, o, reason, reasonCode, rcpt);
  } finally {
    await elsewhere;
  }
}

async function rejectionMail(s: Svc, o: OrderRow, reason: string, reasonCode: string | null | undefined, rcpt: string) {
  const stock = reasonCode && reasonCode !== 'other' ? (`rejected.${reasonCode}` as const) : null;
  await sendMail(s.db, s.config, {
    to: o.userEmail,
    write: (w) =>
      compose(w('rejected.subject', { rcpt }), [
        w('mail.greeting', { name: o.userName }),
        w('rejected.body', { rcpt, amount: formatINR(o.totalPaise), txn: o.transactionId ?? '-' }),
        // a stock reason is a sentence of the catalogue; an admin's own words go as they were written
        stock && stock in mailEn ? w(stock as MailKey) : w('mail.reason', { reason }),
        w('rejected.reply', { email: committeeAddress(s) }),
      ]),
    // a reply reaches the committee, not the no-reply sender
    headers: { 'Reply-To': committeeAddress(s) },
  });
}
