// Orders an admin must act on: a payment captured after its order was given up, whose sponsorship item or
// member price went to another order meanwhile, or a refund that failed at the gateway (decision 145,
// retried or recorded from the refund dialog, which clears the flag). Shown above the Pending list until handled.
import { useState } from 'react';
import type { AttentionOrder } from '../../../core/contracts/admin';
import { t } from '../../../core/i18n';
import { useToast } from '../../components/toast';
import { useAction, useLoad } from '../../lib/use-action';
import { clearAttention, getAttentionOrders } from './api';
import { inr } from './OrderDialog';
import { RefundDialog } from './RefundDialog';
import { ORDER_STATUS } from '../../../core/orders';

export function AttentionPanel() {
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [refunding, setRefunding] = useState<AttentionOrder['order'] | null>(null);
  const { run, busy } = useAction();
  const toast = useToast();
  const { data, setData: setItems, reload } = useLoad(getAttentionOrders, []);
  const items: AttentionOrder[] = data ?? [];

  if (refunding) {
    return (
      <RefundDialog
        orderPkId={refunding.orderPkId}
        orderRcptId={refunding.orderRcptId}
        onClose={() => {
          setRefunding(null);
          void reload();
        }}
      />
    );
  }
  if (items.length === 0) return null;
  return (
    <section className="attention-panel" aria-labelledby="attention-title">
      <h2 id="attention-title">{t('admin.attention.title', { n: items.length })}</h2>
      <p className="muted">{t('admin.attention.intro')}</p>
      <ul className="attention-list">
        {items.map(({ order: o, attention }) => (
          <li key={o.orderPkId} className="attention-item">
            <p>
              <strong>{o.orderRcptId}</strong> · {o.userName} · {o.userMobile} · {inr(o.orderTotal)} · {o.status}
            </p>
            <p>{attention}</p>
            <label>
              {t('admin.attention.note')}
              <input
                value={notes[o.orderPkId] ?? ''}
                maxLength={300}
                onChange={(e) => setNotes((n) => ({ ...n, [o.orderPkId]: e.target.value }))}
              />
            </label>
            {o.status === ORDER_STATUS.success ? (
              <button type="button" className="btn btn-small" onClick={() => setRefunding(o)}>
                {t('refund.open')}
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  await clearAttention(o.orderPkId, notes[o.orderPkId] ?? '');
                  toast.success(t('admin.attention.cleared', { rcpt: o.orderRcptId }));
                  setItems((all) => all?.filter((x) => x.order.orderPkId !== o.orderPkId) ?? null);
                })
              }
            >
              {t('admin.attention.handled')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
