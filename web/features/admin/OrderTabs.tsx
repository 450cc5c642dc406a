import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { UnitTotals } from '../../../core/contracts/admin';
import type { OrderView } from '../../../core/contracts/orders';
import type { StatementCredits } from '../../../core/contracts/refunds';
import { formatDate } from '../../../core/festival';
import { t } from '../../../core/i18n';
import { ta } from '../../../core/messages/admin.en';
import { paths } from '../../lib/paths';
import { useAction, useLoad } from '../../lib/use-action';
import { AttentionPanel } from './AttentionPanel';
import {
  CURSOR_START,
  getCollectionTotals,
  getOrderPage,
  getPendingOrders,
  getStatementCredits,
  type OrderListKind,
  PAGE_SIZE,
  searchUserOrder,
} from './api';
import { CompleteFailedOrder } from './CompleteFailedOrder';
import { type CsvColumn, downloadCsv } from './csv';
import { inr, OrderDialog, units } from './OrderDialog';
import { paymentTypeText } from './words';
import { ScrollBox } from './ScrollBox';
import { StatementMatcher } from './StatementMatcher';

const lineText = (o: OrderView) => o.selectedProducts.map((l) => `${l.code} x ${l.qty}`).join('; ');
const baseCsv: CsvColumn<OrderView>[] = [
  { header: 'Year', value: (o) => o.fiscalYear },
  { header: 'Order Date', value: (o) => formatDate(o.orderDate) },
  { header: 'Payment Date', value: (o) => formatDate(o.paymentDate) },
  { header: 'Contribution Id', value: (o) => o.orderRcptId },
  { header: 'Status', value: (o) => o.status },
  { header: 'Payment Type', value: (o) => paymentTypeText(o.paymentType) },
  { header: 'Transaction Id', value: (o) => o.transactionId },
  { header: 'Bank', value: (o) => o.bankName },
  { header: 'Amount', value: (o) => o.orderTotal },
  { header: 'Name', value: (o) => o.userName },
  { header: 'Email', value: (o) => o.userEmail },
  { header: 'Mobile', value: (o) => o.userMobile },
  { header: 'Quantity', value: (o) => units(o) },
  { header: 'Lines', value: lineText },
  { header: 'Pass Collected', value: (o) => (o.passCollected === null ? '' : o.passCollected ? 'Yes' : 'No') },
  // refunds: state, money given back and what stays
  { header: 'Refund', value: (o) => o.refundState ?? '' },
  { header: 'Refunded', value: (o) => o.refundedAmount ?? 0 },
  { header: 'Net', value: (o) => Math.round((o.orderTotal - (o.refundedAmount ?? 0)) * 100) / 100 },
];

function ExportButton({ name, rows }: { name: string; rows: OrderView[] }) {
  return (
    <button
      type="button"
      className="btn btn-small"
      disabled={rows.length === 0}
      onClick={() => downloadCsv(name, rows, baseCsv)}
    >
      {t('admin.exportCsv')}
    </button>
  );
}

/** Pass Collection: admins and volunteers find a paid contribution by mobile or email and mark it collected. */
export function PassCollectionTab() {
  const [text, setText] = useState('');
  const [results, setResults] = useState<OrderView[] | null>(null);
  const [searched, setSearched] = useState('');
  const [open, setOpen] = useState<OrderView | null>(null);
  const { run, busy } = useAction();

  const search = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      setResults(await searchUserOrder(text));
      setSearched(text.trim());
    });
  };
  const done = (o: OrderView) => {
    setResults((all) => all?.map((x) => (x.orderPkId === o.orderPkId ? o : x)) ?? null);
    setOpen(null);
  };

  return (
    <div>
      <form className="admin-toolbar" onSubmit={search}>
        <div className="field">
          <label htmlFor="pass-search">{t('admin.search.label')}</label>
          <input
            id="pass-search"
            type="search"
            inputMode="email"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('admin.search.button')}
        </button>
      </form>
      <p className="hint">
        <Link to={paths.venue}>{t('admin.venueLink')}</Link>
      </p>
      {results && results.length === 0 ? <p className="empty">{t('admin.search.none', { text: searched })}</p> : null}
      {results && results.length > 0 ? (
        <div className="admin-toolbar">
          <ExportButton name="pass-search" rows={results} />
        </div>
      ) : null}
      {results && results.length > 0 ? (
        <ScrollBox label={ta('col.searchResults')}>
          <table className="admin-table stack-table">
            <thead>
              <tr>
                <th>{ta('col.contributionId')}</th>
                <th>{ta('col.amount')}</th>
                <th>{ta('col.name')}</th>
                <th>{ta('col.mobile')}</th>
                <th>{ta('col.action')}</th>
              </tr>
            </thead>
            <tbody>
              {results.map((o) => (
                <tr key={o.orderPkId}>
                  <td className="stack-title">{o.orderRcptId}</td>
                  <td data-label={ta('col.amount')}>{inr(o.orderTotal)}</td>
                  <td data-label={ta('col.name')}>{o.userName}</td>
                  <td data-label={ta('col.mobile')}>{o.userMobile}</td>
                  <td className="stack-actions">
                    {o.passCollected === 1 ? (
                      t('admin.alreadyCollected')
                    ) : (
                      <button type="button" className="link-button" onClick={() => setOpen(o)}>
                        {t('admin.details')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {open ? <OrderDialog order={open} mode="collection" onClose={() => setOpen(null)} onDone={done} /> : null}
    </div>
  );
}

const loadPending = async (): Promise<{ orders: OrderView[]; credits: StatementCredits }> => {
  const [orders, credits] = await Promise.all([getPendingOrders(), getStatementCredits()]);
  return { orders, credits };
};

export function PendingOrdersTab() {
  const [open, setOpen] = useState<OrderView | null>(null);
  // the statements' open and flagged credits come with the list: the dialog shows them next to Approve
  const { data, setData, reload } = useLoad(loadPending, []);

  if (!data) return <p className="loading">{t('layout.loading')}</p>;
  const { orders, credits } = data;
  return (
    <div>
      <AttentionPanel />
      <CompleteFailedOrder />
      <StatementMatcher onChanged={() => void reload()} flagged={credits.flagged} />
      <div className="admin-toolbar">
        <ExportButton name="pending-orders" rows={orders} />
      </div>
      {orders.length === 0 ? (
        <p className="empty">{t('admin.pendingEmpty')}</p>
      ) : (
        <ScrollBox label={ta('col.pendingOrders')}>
          <table className="admin-table stack-table">
            <thead>
              <tr>
                <th>{ta('col.year')}</th>
                <th>{ta('col.contributionId')}</th>
                <th>{ta('col.transactionId')}</th>
                <th>{ta('col.amount')}</th>
                <th>{ta('col.name')}</th>
                <th>{ta('col.mobile')}</th>
                <th>{ta('col.status')}</th>
                <th>{ta('col.action')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.orderPkId}>
                  <td data-label={ta('col.year')}>{o.fiscalYear}</td>
                  <td className="stack-title">{o.orderRcptId}</td>
                  <td data-label={ta('col.transactionId')}>
                    {o.transactionId}
                    {credits.open.some((c) => c.state === 'matched' && c.orderRcptId === o.orderRcptId) ? (
                      <span className="credit-badge">{t('transfer.inStatement')}</span>
                    ) : null}
                  </td>
                  <td data-label={ta('col.amount')}>{inr(o.orderTotal)}</td>
                  <td data-label={ta('col.name')}>{o.userName}</td>
                  <td data-label={ta('col.mobile')}>{o.userMobile}</td>
                  <td data-label={ta('col.status')}>{o.status}</td>
                  <td className="stack-actions">
                    <button type="button" className="link-button" onClick={() => setOpen(o)}>
                      {t('admin.details')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {open ? (
        <OrderDialog
          order={open}
          mode="pending"
          credits={credits.open}
          onClose={() => setOpen(null)}
          onDone={(o) => {
            setData((d) => d && { ...d, orders: d.orders.filter((x) => x.orderPkId !== o.orderPkId) });
            setOpen(null);
            // a rejected transfer's credit is now flagged for the treasurer
            void getStatementCredits()
              .then((c) => setData((d) => d && { ...d, credits: c }))
              .catch(() => undefined);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Success, Not Collected and Collected Orders: pages appended on Load More, the cursor being the smallest
 * orderSuccessTS seen so far (SPEC.md section 7). Opening the tab mounts it afresh, so paging resets.
 */
export function OrderListTab({ kind }: { kind: OrderListKind }) {
  const [orders, setOrders] = useState<OrderView[]>([]);
  const [cursor, setCursor] = useState(CURSOR_START);
  const [more, setMore] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [totals, setTotals] = useState<UnitTotals | null>(null);
  const [open, setOpen] = useState<OrderView | null>(null);
  const [collect, setCollect] = useState<OrderView | null>(null);
  const { run, busy } = useAction();

  const loadPage = useCallback(
    (from: number) =>
      run(async () => {
        const page = await getOrderPage(kind, from);
        setOrders((all) => {
          const seen = new Set(all.map((o) => o.orderPkId));
          return [...all, ...page.filter((o) => !seen.has(o.orderPkId))];
        });
        if (page.length > 0) {
          setCursor((c) => Math.min(c, ...page.map((o) => o.orderSuccessTS ?? c)));
        }
        setMore(page.length >= PAGE_SIZE);
        setLoaded(true);
      }),
    [run, kind],
  );

  useEffect(() => {
    void loadPage(CURSOR_START);
    if (kind !== 'success') {
      getCollectionTotals(kind === 'collected')
        .then(setTotals)
        .catch(() => setTotals(null));
    }
  }, [loadPage, kind]);

  const collectionList = kind !== 'success';
  return (
    <div>
      <div className="admin-toolbar">
        <ExportButton name={`${kind}-orders`} rows={orders} />
      </div>
      {loaded && orders.length === 0 ? <p className="empty">{t('admin.listEmpty')}</p> : null}
      {orders.length > 0 || totals ? (
        <ScrollBox label={ta('col.orders')}>
          <table className="admin-table stack-table">
            <thead>
              {collectionList ? (
                <tr>
                  <th>{ta('col.date')}</th>
                  <th>{ta('col.contributionId')}</th>
                  <th>{ta('col.name')}</th>
                  <th>{ta('col.mobile')}</th>
                  <th>{ta('col.amount')}</th>
                  <th>{ta('col.quantity')}</th>
                  {kind === 'notCollected' ? <th>{ta('col.action')}</th> : null}
                </tr>
              ) : (
                <tr>
                  <th>{ta('col.year')}</th>
                  <th>{ta('col.date')}</th>
                  <th>{ta('col.contributionId')}</th>
                  <th>{ta('col.paymentTxnId')}</th>
                  <th>{ta('col.amount')}</th>
                  <th>{ta('col.name')}</th>
                  <th>{ta('col.mobile')}</th>
                  <th>{ta('col.action')}</th>
                </tr>
              )}
            </thead>
            <tbody>
              {orders.map((o) =>
                collectionList ? (
                  <tr key={o.orderPkId}>
                    <td data-label={ta('col.date')}>{formatDate(o.paymentDate ?? o.orderDate)}</td>
                    <td className="stack-title">
                      <button type="button" className="link-button" onClick={() => setOpen(o)}>
                        {o.orderRcptId}
                      </button>
                    </td>
                    <td data-label={ta('col.name')}>{o.userName}</td>
                    <td data-label={ta('col.mobile')}>{o.userMobile}</td>
                    <td data-label={ta('col.amount')}>{inr(o.orderTotal)}</td>
                    <td data-label={ta('col.quantity')}>{units(o)}</td>
                    {kind === 'notCollected' ? (
                      <td className="stack-actions">
                        {/* a gate's most frequent act, in the row itself (docs/decisions/106) */}
                        <button type="button" className="btn btn-small btn-primary" onClick={() => setCollect(o)}>
                          {t('admin.markCollected')}
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ) : (
                  <tr key={o.orderPkId}>
                    <td data-label={ta('col.year')}>{o.fiscalYear}</td>
                    <td data-label={ta('col.date')}>{formatDate(o.paymentDate ?? o.orderDate)}</td>
                    <td className="stack-title">{o.orderRcptId}</td>
                    <td data-label={ta('col.transactionId')}>{o.transactionId}</td>
                    <td data-label={ta('col.amount')}>{inr(o.orderTotal)}</td>
                    <td data-label={ta('col.name')}>{o.userName}</td>
                    <td data-label={ta('col.mobile')}>{o.userMobile}</td>
                    <td className="stack-actions">
                      <button type="button" className="link-button" onClick={() => setOpen(o)}>
                        {t('admin.details')}
                      </button>
                    </td>
                  </tr>
                ),
              )}
              {collectionList && totals ? (
                <tr className="total-row">
                  <td colSpan={kind === 'notCollected' ? 6 : 5} className="stack-title">
                    {t(kind === 'collected' ? 'admin.totalCollected' : 'admin.totalNotCollected')}:{' '}
                    {Object.entries(totals.byCode)
                      .map(([code, n]) => `${code} ${n}`)
                      .join(', ')}
                  </td>
                  <td data-label={ta('col.units')}>{t('admin.units', { units: totals.units })}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      <div className="admin-toolbar">
        {more ? (
          <button type="button" className="btn" disabled={busy} onClick={() => loadPage(cursor)}>
            {t('admin.loadMore')}
          </button>
        ) : loaded && orders.length > 0 ? (
          <p className="hint">{t('admin.noMore')}</p>
        ) : null}
      </div>
      {open ? <OrderDialog order={open} mode="success" onClose={() => setOpen(null)} /> : null}
      {collect ? (
        <OrderDialog
          order={collect}
          mode="collection"
          onClose={() => setCollect(null)}
          onDone={(o) => {
            setOrders((all) => all.filter((x) => x.orderPkId !== o.orderPkId));
            setCollect(null);
            getCollectionTotals(false)
              .then(setTotals)
              .catch(() => undefined);
          }}
        />
      ) : null}
    </div>
  );
}
