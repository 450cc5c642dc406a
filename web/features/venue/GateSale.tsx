// The gate sale (docs/decisions/250-252): a volunteer sells passes to a walk-in for cash or UPI (the
// association's UPI QR with the amount, then the UTR typed in). Loaded with /venue when a volunteer opens it, never
// with the public pages. Online the server decides at once; offline the sale is queued (engine.sell) and the
// passes are handed over.
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type GateProductsResponse, recordGateSaleRequest } from '../../../core/contracts/gate';
import { getLocale, t } from '../../../core/i18n';
import '../../../core/messages/areas/venue';
import { formatINR, rupeesToPaise } from '../../../core/money';
import { priceLine } from '../../../core/pricing';
import { Field, fieldOfError, useFieldError } from '../../components/forms';
import { UpiQr } from '../../components/payment/BankTransfer';
import { ApiError } from '../../lib/api-client';
import { gateCatalog, sell } from './engine';
import './gate-sale.css';

const FIELDS = ['buyerName', 'buyerMobile', 'buyerEmail', 'lines', 'utr'] as const;

/** The message shown at a field for what the shared contract refused there. */
const fieldText: Record<(typeof FIELDS)[number], Parameters<typeof t>[0]> = {
  buyerName: 'gate.nameRequired',
  buyerMobile: 'gate.mobileInvalid',
  buyerEmail: 'gate.emailInvalid',
  lines: 'gate.pickPasses',
  utr: 'gate.utrInvalid',
};

export function GateSale({ onClose, onSold }: { onClose: () => void; onSold: (text: string) => void }) {
  const [catalog, setCatalog] = useState<GateProductsResponse | null | undefined>(undefined);
  const [qty, setQty] = useState<Record<number, number>>({});
  const [mode, setMode] = useState<'cash' | 'upi'>('cash');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { show, errorOf, clear } = useFieldError();

  useEffect(() => {
    let live = true;
    // the phone's copy at once, then the server's when it answers
    void gateCatalog(false).then((c) => live && c && setCatalog(c));
    void gateCatalog(true).then((c) => live && setCatalog(c));
    return () => {
      live = false;
    };
  }, []);

  const lines = useMemo(
    () =>
      (catalog?.products ?? []).flatMap((p) => {
        const n = qty[p.productId] ?? 0;
        if (n <= 0) return [];
        const pricePaise = rupeesToPaise(p.price);
        const priced = priceLine(
          { id: p.productId, type: 'DAILY_PASS', code: p.code, name: p.name, pricePaise, coPricePaise: pricePaise },
          { productId: p.productId, qty: n },
          { utsavMemberships: 0, memberPricedUsed: {} },
        );
        return [{ productId: p.productId, qty: n, name: p.name, paise: priced.sellPricePaise }];
      }),
    [catalog, qty],
  );
  const totalPaise = lines.reduce((a, l) => a + l.paise, 0);
  const units = lines.reduce((a, l) => a + l.qty, 0);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    clear();
    const data = new FormData(e.currentTarget);
    const body = {
      nonce: 'checked-on-the-phone',
      buyerName: String(data.get('buyerName') ?? ''),
      buyerMobile: String(data.get('buyerMobile') ?? ''),
      buyerEmail: String(data.get('buyerEmail') ?? '') || null,
      lines: lines.map((l) => ({ productId: l.productId, qty: l.qty })),
      mode,
      utr: mode === 'upi' ? String(data.get('utr') ?? '') || null : null,
      happenedAt: Date.now(),
    };
    // the server's own rules, checked here first so that the problem is said at its field
    const parsed = recordGateSaleRequest.safeParse(body);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const field = (FIELDS as readonly string[]).includes(String(first?.path[0]))
        ? (String(first?.path[0]) as (typeof FIELDS)[number])
        : 'lines';
      const key = field === 'utr' && !body.utr ? 'gate.utrRequired' : fieldText[field];
      show(form.current, field === 'lines' ? 'qty' : field, t(key));
      return;
    }
    setBusy(true);
    try {
      const v = parsed.data;
      const r = await sell({
        buyerName: v.buyerName,
        buyerMobile: v.buyerMobile,
        buyerEmail: v.buyerEmail,
        lines,
        mode: v.mode,
        utr: v.utr ?? null,
        totalPaise,
      });
      form.current?.reset();
      setQty({});
      setMode('cash');
      // what is left: at once from this sale (offline too), then the server's count after an online sale
      setCatalog(
        (c) =>
          c && {
            ...c,
            products: c.products.map((p) => {
              const sold = lines.find((l) => l.productId === p.productId)?.qty ?? 0;
              return p.unitsLeft === null || sold === 0 ? p : { ...p, unitsLeft: Math.max(0, p.unitsLeft - sold) };
            }),
          },
      );
      if (r.kind === 'online') void gateCatalog(true).then((c) => c && setCatalog(c));
      onSold(
        r.kind === 'online' ? r.answer.message : t('gate.soldOffline', { qty: units, amount: formatINR(totalPaise) }),
      );
    } catch (err) {
      if (err instanceof ApiError) {
        const field = err.code === 'UtrUsed' ? 'utr' : err.code === 'SoldOut' ? 'lines' : fieldOfError(err, FIELDS);
        if (field) show(form.current, field === 'lines' ? 'qty' : field, err.message);
        else show(form.current, 'buyerName', err.message);
      } else show(form.current, 'buyerName', String(err));
    } finally {
      setBusy(false);
    }
  }

  if (catalog === undefined) return <p className="loading">{t('layout.loading')}</p>;
  if (catalog === null || catalog.products.length === 0) {
    return (
      <section className="gate-sale" aria-labelledby="gate-title">
        <h2 id="gate-title">{t('gate.title')}</h2>
        <p className="empty">{t('gate.noProducts')}</p>
        <button type="button" className="btn" onClick={onClose}>
          {t('gate.close')}
        </button>
      </section>
    );
  }

  const qtyError = errorOf('qty');
  return (
    <section className="gate-sale" aria-labelledby="gate-title">
      <h2 id="gate-title">{t('gate.title')}</h2>
      <form ref={form} onSubmit={submit} onInput={clear} noValidate>
        <Field label={t('gate.buyerName')} name="buyerName" autoComplete="off" error={errorOf('buyerName')} />
        <Field
          label={t('gate.buyerMobile')}
          name="buyerMobile"
          inputMode="tel"
          autoComplete="off"
          error={errorOf('buyerMobile')}
        />
        <Field
          label={t('gate.buyerEmail')}
          name="buyerEmail"
          type="email"
          autoComplete="off"
          error={errorOf('buyerEmail')}
        />
        <fieldset className="gate-lines" aria-describedby={qtyError ? 'gate-qty-err' : undefined}>
          <legend>{t('gate.passes')}</legend>
          {catalog.products.map((p, i) => (
            <div key={p.productId} className="gate-line">
              <label htmlFor={`gate-qty-${p.productId}`}>
                {getLocale() === 'bn-IN' && p.nameBn ? p.nameBn : p.name}{' '}
                <span className="gate-price">{formatINR(rupeesToPaise(p.price))}</span>
                {p.unitsLeft !== null && (
                  <span className="gate-left">
                    {' '}
                    · {p.unitsLeft === 0 ? t('gate.soldOutShort') : t('gate.left', { count: p.unitsLeft })}
                  </span>
                )}
              </label>
              <input
                id={`gate-qty-${p.productId}`}
                name={i === 0 ? 'qty' : `qty-${p.productId}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={50}
                value={qty[p.productId] ?? 0}
                onChange={(e) =>
                  setQty((old) => ({ ...old, [p.productId]: Math.max(0, Math.min(50, Number(e.target.value) || 0)) }))
                }
              />
            </div>
          ))}
          {qtyError && (
            <small className="field-error" id="gate-qty-err" role="alert">
              {qtyError}
            </small>
          )}
        </fieldset>
        <p className="gate-total" aria-live="polite">
          {t('gate.total', { amount: formatINR(totalPaise) })}
        </p>
        <fieldset className="gate-mode">
          <legend>{t('gate.mode')}</legend>
          <label>
            <input type="radio" name="mode" checked={mode === 'cash'} onChange={() => setMode('cash')} />{' '}
            {t('gate.modeCash')}
          </label>
          <label>
            <input type="radio" name="mode" checked={mode === 'upi'} onChange={() => setMode('upi')} />{' '}
            {t('gate.modeUpi')}
          </label>
        </fieldset>
        {mode === 'upi' && (
          <>
            {totalPaise > 0 && (
              <UpiQr
                bank={{ payee: catalog.upi.payee, upiVpa: catalog.upi.vpa, accountNumber: '', ifsc: '', bankName: '' }}
                amountPaise={totalPaise}
                note={t('gate.upiNote')}
              />
            )}
            <Field label={t('gate.utr')} name="utr" inputMode="numeric" autoComplete="off" error={errorOf('utr')} />
          </>
        )}
        <div className="gate-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {t('gate.record')}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {t('gate.close')}
          </button>
        </div>
      </form>
    </section>
  );
}
