// The receipt page (docs/decisions/263): a numbered receipt in the reader's language, laid out for a phone
// and for A4 (receipt.css @media print), which the browser prints or saves as PDF with its own text shaping (Bengali
// conjuncts come out right, which most PDF libraries get wrong). The member adds billing details here later.
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { ReceiptView } from '../../../core/contracts/receipts';
import { formatDate } from '../../../core/festival';
import { t } from '../../../core/i18n';
import '../../../core/messages/areas/profile';
import { formatINR, rupeesToPaise } from '../../../core/money';
import { paths } from '../../lib/paths';
import { Field, fieldOfError, useFieldError } from '../../components/forms';
import { RequireSession } from '../../components/RequireSession';
import { useToast } from '../../components/toast';
import associationEn from '../../content/association.json';
import { localized } from '../../lib/content';
import { useAction } from '../../lib/use-action';
import { getReceipt, getReceiptByLink, setReceiptBilling } from './api';
import './receipt.css';

const inr = (rupees: number) => formatINR(rupeesToPaise(rupees));
const BILLING_FIELDS = ['billingName', 'pan', 'gstin'] as const;

/**
 * A member's receipt opens with their session; a walk-in's (a gate sale: no account) with the key of the link in
 * its email, without signing in (docs/decisions/280).
 */
export function ReceiptPage() {
  const key = useSearchParams()[0].get('key');
  if (key) return <Receipt linkKey={key} />;
  return (
    <RequireSession>
      <Receipt linkKey={null} />
    </RequireSession>
  );
}

function Receipt({ linkKey }: { linkKey: string | null }) {
  const { rcpt = '' } = useParams();
  const [receipt, setReceipt] = useState<ReceiptView | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const { run } = useAction();

  useEffect(() => {
    void run(
      async () => setReceipt(await (linkKey ? getReceiptByLink(rcpt, linkKey) : getReceipt(rcpt))),
      (e) => setMissing(e.message),
    );
  }, [run, rcpt, linkKey]);

  // the way back: a member's contributions, or the home page for a walk-in, who has no account
  const back = linkKey ? (
    <Link to={paths.home}>{t('receiptPage.home')}</Link>
  ) : (
    <Link to={paths.profile}>{t('receiptPage.back')}</Link>
  );
  if (missing) {
    return (
      <section className="page receipt-page">
        <h1>{t('receiptPage.title')}</h1>
        <p role="alert">{missing}</p>
        {back}
      </section>
    );
  }
  if (!receipt) return <p className="loading">{t('layout.loading')}</p>;
  return (
    <section className="page receipt-page">
      <div className="receipt-tools no-print">
        {back}
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t('receiptPage.print')}
        </button>
      </div>
      <ReceiptSheet r={receipt} />
      {!linkKey && <BillingForm r={receipt} onSaved={setReceipt} />}
    </section>
  );
}

function ReceiptSheet({ r }: { r: ReceiptView }) {
  const association = localized('association', associationEn);
  const payer = r.billingName ?? r.payerName;
  return (
    <article className="receipt-sheet" aria-labelledby="receipt-title" data-testid="receipt">
      <header className="receipt-head">
        <div>
          <p className="receipt-org">{association.name}</p>
          <p>{association.address}</p>
          <p>{association.registration}</p>
          <p>
            {association.email} · {association.phone}
          </p>
        </div>
        <div className="receipt-id">
          <h1 id="receipt-title">{t('receiptPage.title')}</h1>
          <dl>
            <dt>{t('receiptPage.number')}</dt>
            <dd data-testid="receipt-number">{r.number}</dd>
            <dt>{t('receiptPage.date')}</dt>
            <dd>{formatDate(r.issuedAt)}</dd>
            <dt>{t('receiptPage.year')}</dt>
            <dd>{r.fiscalYear}</dd>
            <dt>{t('receiptPage.contribution')}</dt>
            <dd>{r.orderRcptId}</dd>
          </dl>
        </div>
      </header>

      <section className="receipt-payer">
        <p className="receipt-label">{t('receiptPage.receivedFrom')}</p>
        <p className="receipt-name">{payer}</p>
        {r.billingName && r.billingName !== r.payerName && <p>{t('receiptPage.onBehalf', { name: r.payerName })}</p>}
        {r.address && <p>{r.address}</p>}
        {(r.pan || r.gstin) && (
          <p className="receipt-tax">
            {r.pan && (
              <span>
                {t('receiptPage.pan')}: {r.pan}
              </span>
            )}
            {r.gstin && (
              <span>
                {t('receiptPage.gstin')}: {r.gstin}
              </span>
            )}
          </p>
        )}
      </section>

      <table className="receipt-lines">
        <thead>
          <tr>
            <th scope="col">{t('receiptPage.item')}</th>
            <th scope="col">{t('receiptPage.qty')}</th>
            <th scope="col">{t('receiptPage.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {r.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the receipt's lines never reorder
            <tr key={i}>
              <td>{l.name}</td>
              <td>{l.qty}</td>
              <td>{inr(l.amount)}</td>
            </tr>
          ))}
          {r.convenienceCharge > 0 && (
            <tr>
              <td>{t('receiptPage.convenience')}</td>
              <td />
              <td>{inr(r.convenienceCharge)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('receiptPage.total')}
            </th>
            <td data-testid="receipt-total">{inr(r.amount)}</td>
          </tr>
        </tfoot>
      </table>

      <dl className="receipt-payment">
        <dt>{t('receiptPage.mode')}</dt>
        <dd>
          {t(
            r.gate === 'cash'
              ? 'receiptPage.modeGateCash'
              : r.gate === 'upi'
                ? 'receiptPage.modeGateUpi'
                : r.mode === 'Online'
                  ? 'receiptPage.modeOnline'
                  : 'receiptPage.modeOffline',
          )}
        </dd>
        {r.reference && (
          <>
            <dt>{t('receiptPage.reference')}</dt>
            <dd className="receipt-ref">{r.reference}</dd>
          </>
        )}
        {r.bankName && (
          <>
            <dt>{t('receiptPage.bank')}</dt>
            <dd>{r.bankName}</dd>
          </>
        )}
        {r.paymentDate && (
          <>
            <dt>{t('receiptPage.paidOn')}</dt>
            <dd>{formatDate(r.paymentDate)}</dd>
          </>
        )}
      </dl>

      {r.carriedOver && (
        <p className="receipt-note" data-testid="receipt-carried">
          {t('receiptPage.carriedOver', {
            year: r.carriedOver.toYear,
            rcpt: r.carriedOver.toOrderRcptId,
            amount: inr(r.carriedOver.amount),
          })}
        </p>
      )}
      {r.carriedFrom && (
        <p className="receipt-note">
          {t('receiptPage.carriedFrom', { year: r.carriedFrom.fromYear, rcpt: r.carriedFrom.fromOrderRcptId })}
        </p>
      )}
      {r.creditNotes.length > 0 && (
        <section className="receipt-note">
          <h2>{t('receiptPage.creditNotes')}</h2>
          <ul>
            {r.creditNotes.map((n) => (
              <li key={n.number}>
                {t('receiptPage.creditNoteLine', {
                  number: n.number,
                  date: formatDate(n.issuedAt),
                  amount: inr(n.amount),
                  mode: t(n.mode === 'Online' ? 'receiptPage.modeOnline' : 'receiptPage.modeOffline'),
                  reference: n.reference ?? '-',
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {r.eightyG && <p className="receipt-note">{t('receiptPage.eightyG', { text: r.eightyG })}</p>}
      <p className="receipt-foot">{t('receiptPage.computer')}</p>
    </article>
  );
}

function BillingForm({ r, onSaved }: { r: ReceiptView; onSaved: (r: ReceiptView) => void }) {
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { show, errorOf, clear } = useFieldError();
  const { run, busy } = useAction();
  const toast = useToast();
  const submit = useCallback(
    (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      clear();
      const data = new FormData(e.currentTarget);
      const value = (k: string) => String(data.get(k) ?? '').trim() || null;
      const body = {
        orderRcptId: r.orderRcptId,
        billingName: value('billingName'),
        pan: value('pan'),
        gstin: value('gstin'),
      };
      const under = (field: string, text: string) => text.replace(new RegExp(`^${field}:?\\s*`), '');
      void run(
        async () => {
          // the contract's PAN and GSTIN rules, loaded with the form's sending (zod stays off the receipt's first load)
          const [{ formProblem }, { receiptBillingRequest }] = await Promise.all([
            import('../../lib/form-check'),
            import('../../../core/contracts/receipts'),
          ]);
          const bad = formProblem(receiptBillingRequest, body, (path) =>
            (BILLING_FIELDS as readonly string[]).includes(path) ? path : null,
          );
          if (bad) return bad.field ? show(form.current, bad.field, under(bad.field, bad.text)) : toast.error(bad.text);
          const done = await setReceiptBilling(body);
          onSaved(done.receipt);
          setOpen(false);
          toast.success(done.message);
        },
        (err) => {
          const field = fieldOfError(err, BILLING_FIELDS);
          if (field) show(form.current, field, under(field, err.message));
          else toast.error(err.message);
        },
      );
    },
    [clear, run, r.orderRcptId, onSaved, show, toast],
  );
  if (!open) {
    return (
      <div className="receipt-billing no-print">
        <button type="button" className="btn" onClick={() => setOpen(true)}>
          {t('receiptPage.billingEdit')}
        </button>
      </div>
    );
  }
  return (
    <form ref={form} className="receipt-billing no-print" onSubmit={submit} noValidate>
      <h2>{t('receiptPage.billingTitle')}</h2>
      <p>{t('receiptPage.billingHint')}</p>
      <Field
        label={t('receiptPage.billingName')}
        name="billingName"
        defaultValue={r.billingName ?? ''}
        maxLength={120}
        error={errorOf('billingName')}
      />
      <Field
        label={t('receiptPage.billingPan')}
        name="pan"
        defaultValue={r.pan ?? ''}
        maxLength={12}
        autoCapitalize="characters"
        error={errorOf('pan')}
      />
      <Field
        label={t('receiptPage.billingGstin')}
        name="gstin"
        defaultValue={r.gstin ?? ''}
        maxLength={20}
        autoCapitalize="characters"
        error={errorOf('gstin')}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('receiptPage.billingSave')}
      </button>
    </form>
  );
}
