// The direct-transfer pieces shared by checkout and the profile's Retry Payment: bank details with a UPI QR
// that carries the payee VPA, the exact amount and the contribution id, and the transaction-id form.
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import type { BankDetailsView } from '../../../core/contracts/checkout';
import { formatINR } from '../../../core/money';
import { upiLink } from '../../../core/orders';
import { Field } from '../forms';
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
          alt={`UPI QR code: pay ${formatINR(amountPaise)} to ${bank.payee}`}
          data-upi={link}
        />
      ) : (
        <div className="upi-qr-placeholder" aria-hidden="true" />
      )}
      <figcaption>
        Scan with any UPI app: {formatINR(amountPaise)} to <strong>{bank.upiVpa}</strong>, note {note}
      </figcaption>
    </figure>
  );
}

export function BankDetails({
  bank,
  amountPaise,
  note,
  accountLabel = 'Account Number',
}: {
  bank: BankDetailsView;
  amountPaise: number;
  note: string;
  accountLabel?: string;
}) {
  return (
    <div className="bank-details">
      <UpiQr bank={bank} amountPaise={amountPaise} note={note} />
      <dl>
        <dt>Amount</dt>
        <dd data-testid="transfer-amount">{formatINR(amountPaise)}</dd>
        <dt>Contribution ID</dt>
        <dd>{note}</dd>
        <dt>Account Payee</dt>
        <dd>{bank.payee}</dd>
        <dt>{accountLabel}</dt>
        <dd>{bank.accountNumber}</dd>
        <dt>IFSC Code</dt>
        <dd>{bank.ifsc}</dd>
        <dt>Bank</dt>
        <dd>{bank.bankName}</dd>
        <dt>UPI ID</dt>
        <dd>{bank.upiVpa}</dd>
      </dl>
    </div>
  );
}

/** The transaction-id form; `onMissing` shows the screen's own message when the id is empty. */
export function TxnForm({
  txnLabel,
  submitLabel,
  busy,
  onMissing,
  onSubmit,
}: {
  txnLabel: string;
  submitLabel: string;
  busy: boolean;
  onMissing: () => void;
  onSubmit: (txn: string, bankName: string) => void;
}) {
  const [txn, setTxn] = useState('');
  const [bankName, setBankName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (txn.trim() === '') onMissing();
    else onSubmit(txn.trim(), bankName.trim());
  };
  return (
    <form className="txn-form" onSubmit={submit} noValidate>
      <Field label={txnLabel} value={txn} onChange={(e) => setTxn(e.target.value)} autoComplete="off" maxLength={64} />
      <Field label="Bank Name" value={bankName} onChange={(e) => setBankName(e.target.value)} maxLength={100} />
      <div className="dialog-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
