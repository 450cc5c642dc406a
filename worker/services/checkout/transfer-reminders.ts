// Reminders for unpaid direct transfers (docs/decisions/084-transfer-reminders.md): a direct-transfer
// order still Pending Payment (no transaction id shared) after TRANSFER_REMINDER_DAYS gets one email with the
// payment details and a link back to it; after TRANSFER_EXPIRE_DAYS the cron gives it up (payments.ts).
import { and, eq, lt, sql } from 'drizzle-orm';
import { formatDate } from '../../../core/festival';
import { formatRcptId } from '../../../core/ids';
import { formatINR } from '../../../core/money';
import { ORDER_STATUS, upiLink } from '../../../core/orders';
import { orders } from '../../../schema/orders';
import { runBatch } from '../../lib/d1-batch';
import { log } from '../../lib/log';
import { compose, sendMail } from '../../lib/mail';
import type { Svc } from '../../lib/svc';
import { getSettings } from '../admin/settings';

const DAY = 24 * 60 * 60 * 1000;

export async function remindUnpaidTransfers(s: Svc, now = Date.now()): Promise<{ reminded: number }> {
  const due = await s.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, ORDER_STATUS.pendingPayment),
        eq(orders.paymentType, 'Offline'),
        lt(orders.createdAt, now - s.config.TRANSFER_REMINDER_DAYS * DAY),
        sql`NOT EXISTS (SELECT 1 FROM transfer_reminders r WHERE r.order_id = ${orders.id})`,
      ),
    )
    .orderBy(orders.createdAt)
    .limit(100)
    .all();
  if (due.length === 0) return { reminded: 0 };
  const { bank } = await getSettings(s.db, ['bank']);
  let reminded = 0;
  for (const o of due) {
    // the insert decides: two cron runs at once send one reminder
    const claimed = (
      await runBatch(s.db, [
        s.db.run(
          sql`INSERT INTO transfer_reminders (order_id, sent_at) VALUES (${o.id}, ${now}) ON CONFLICT (order_id) DO NOTHING`,
        ),
      ])
    )[0];
    if (claimed.meta.changes !== 1) continue;
    const rcpt = formatRcptId(o.id);
    const amount = formatINR(o.totalPaise);
    try {
      await sendMail(s.db, s.config, {
        to: o.userEmail,
        write: (w, lang) =>
          compose(
            w('reminder.subject', { rcpt }),
            [
              w('mail.greeting', { name: o.userName }),
              w('reminder.body', { rcpt, amount }),
              [
                w('reminder.payee', { v: bank.payee }),
                w('pay.account', { v: bank.accountNumber }),
                `IFSC: ${bank.ifsc} (${bank.bankName})`,
                `UPI: ${bank.upiVpa}`,
                w('reminder.amount', { amount }),
                w('reminder.note', { rcpt }),
              ].join('\n'),
              {
                label: w('reminder.upi'),
                href: upiLink({ vpa: bank.upiVpa, payee: bank.payee, amountPaise: o.totalPaise, note: rcpt }),
              },
              w('reminder.expire', { date: formatDate(o.createdAt + s.config.TRANSFER_EXPIRE_DAYS * DAY, lang) }),
            ],
            { href: `${s.origin}/profile#${rcpt}`, label: w('reminder.link') },
          ),
      });
      reminded++;
    } catch (err) {
      log('error', 'mail.transfer_reminder_failed', { orderId: o.id, error: String(err) });
    }
  }
  log('info', 'transfer.reminded', { reminded });
  return { reminded };
}
