// The direct-transfer pieces shared by checkout and the profile's "Share transfer details": bank details with a UPI QR
// that carries the payee VPA, the exact amount and the contribution id, and the transaction-id form.

import QRCode from 'qrcode';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { t } from '../../../core/i18n';
import { tm } from '../../../core/messages/member.en';
import '../../../core/messages/areas/checkout';
import type { BankDetailsView } from '../../../core/contracts/checkout';
import { formatINR } from '../../../core/money';
import { upiLink } from '../../../core/orders';
import { isPaymentReference, normalizeReference } from '../../../core/references';
import { type ApiErrorCode, api } from '../../lib/api-client';
import { Field, fieldOfError, useFieldError } from '../forms';
import { useToast } from '../toast';
import './payment.css';

export function UpiQr({ bank, amountPaise, note }: { bank: BankDetailsView; amountPaise: number; note: string }) {
  const link = upiLink({ vpa: bank.upiVpa, payee: bank.payee, amountPaise, note });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(link, { margin: 1, width: 220, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <figure className="upi-qr">
      {src ? (
        <img
          src={src}
          width={220}
          height={220}
          alt={tm('bank.qrAlt', { amount: formatINR(amountPaise), payee: bank.payee })}
          data-upi={link}
        />
      ) : (
        <div className="upi-qr-placeholder" aria-hidden="true" />
      )}
      <figcaption>
        {tm('bank.scan', { amount: formatINR(amountPaise) })} <strong>{bank.upiVpa}</strong>
        {tm('bank.scanNote', { note })}
      </figcaption>
    </figure>
  );
}

/** Copies a value to the clipboard and says so in place (a toast would cover the details). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // no clipboard permission (an old WebView): select the text the old way
      const area = document.createElement('textarea');
      area.value = value;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button
      type="button"
      className="btn btn-small btn-ghost copy-btn"
      onClick={copy}
      aria-label={t('phone.copyLabel', { what: label })}
    >
      <span aria-live="polite">{copied ? t('phone.copied') : t('phone.copy')}</span>
    </button>
  );
}

export function BankDetails({ bank, amountPaise, note }: { bank: BankDetailsView; amountPaise: number; note: string }) {
  const link = upiLink({ vpa: bank.upiVpa, payee: bank.payee, amountPaise, note });
  // label, value, and whether a copy button helps (values typed into a banking app)
  const rows: [string, string, boolean, string?][] = [
    [tm('bank.amount'), formatINR(amountPaise), true, 'transfer-amount'],
    [tm('bank.contributionId'), note, true],
    [tm('bank.payee'), bank.payee, false],
    [tm('bank.accountNumber'), bank.accountNumber, true],
    [tm('bank.ifsc'), bank.ifsc, true],
    [tm('bank.bank'), bank.bankName, false],
    [tm('bank.upiId'), bank.upiVpa, true],
  ];
  return (
    <div className="bank-details">
      {bank.upiVpa && (
        <div className="upi-app">
          {/* on a phone the UPI app opens with payee, amount and note filled in (docs/decisions/105) */}
          <a className="btn btn-primary btn-block" href={link} data-testid="upi-app-link">
            {t('phone.payUpiApp')}
          </a>
          <p className="hint">{t('phone.upiAppHint')}</p>
        </div>
      )}
      <UpiQr bank={bank} amountPaise={amountPaise} note={note} />
      <dl className="bank-lines">
        {rows.map(([label, value, copy, testId]) => (
          <div key={label} className="bank-line">
            <dt>{label}</dt>
            <dd>
              <span className="bank-value" data-testid={testId}>
                {value}
              </span>
              {copy && value && (
                <CopyButton
                  value={testId === 'transfer-amount' ? (amountPaise / 100).toFixed(2) : value}
                  label={label}
                />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A refusal of the transaction details, as the screens' action runner hands it over. */
export type TxnFailure = { code: ApiErrorCode; message: string };

const TXN_FIELDS = ['offlineTxnId', 'offlineBankName'] as const;

/**
 * The call the transfer form's details go with, from the checkout and from the profile alike (SPEC.md section 7);
 * an empty bank name is sent as none. It lives with the form that both load already, rather than in a module of
 * its own, which would be a chunk of its own (docs/decisions/196).
 */
export const handleOfflineOrder = (orderRcptId: string, offlineTxnId: string, offlineBankName: string) =>
  api('handleOfflineOrder', {
    isOffline: true,
    offlineTxnId,
    offlineBankName: offlineBankName || null,
    orderRcptId,
  });

/**
 * The transaction-details form of every transfer dialog (checkout and profile alike, one label for one thing):
 * a missing id, an id that cannot identify a payment (a fragment, a mobile number, an app's own order id: refused
 * by the rule the server applies, core/references.ts, with what to copy instead), and a refusal about a field (an
 * id shared before), are said under that field, which takes the focus; `onSubmit` answers the refusal it met, if
 * any. Anything else is said inside the dialog.
 */
export function TxnForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit: (txn: string, bankName: string) => Promise<TxnFailure | undefined>;
}) {
  const toast = useToast();
  const [txn, setTxn] = useState('');
  const [bankName, setBankName] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const problem = useFieldError();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (txn.trim() === '') return problem.show(form.current, 'offlineTxnId', t('txn.requiredCheckout'));
    if (!isPaymentReference(normalizeReference(txn))) {
      return problem.show(form.current, 'offlineTxnId', t('txn.notReference'));
    }
    problem.clear();
    const failure = await onSubmit(txn.trim(), bankName.trim());
    if (!failure) return;
    const field = fieldOfError(failure, TXN_FIELDS);
    if (field) problem.show(form.current, field, failure.message);
    else toast.error(failure.message);
  };
  const txnProblem = problem.errorOf('offlineTxnId');
  return (
    <form className="txn-form" onSubmit={submit} noValidate ref={form}>
      <Field
        label={tm('ck.txnLabel')}
        name="offlineTxnId"
        value={txn}
        error={txnProblem}
        onChange={(e) => setTxn(e.target.value)}
        autoComplete="off"
        inputMode="text"
        maxLength={64}
      />
      {txnProblem ? null : <p className="hint txn-hint">{t('txn.hint')}</p>}
      <Field
        label={tm('bank.bankName')}
        name="offlineBankName"
        value={bankName}
        error={problem.errorOf('offlineBankName')}
        onChange={(e) => setBankName(e.target.value)}
        maxLength={100}
      />
      <div className="dialog-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {tm('profile.updatePayment')}
        </button>
      </div>
    </form>
  );
}
