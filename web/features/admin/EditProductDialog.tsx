// The Edit dialog of All Products (price, co-price, names, descriptions, photo and pricing rules), loaded
// on the first Edit. Only what changed is sent.
import { ta } from '../../../core/messages/admin.en';
import { type FormEvent, useRef, useState } from 'react';
import { type AdminProduct, updateProductRequest } from '../../../core/contracts/admin';
import type { CallBody } from '../../lib/calls';
import { Dialog } from '../../components/Dialog';
import { Field, useFieldError } from '../../components/forms';
import { useToast } from '../../components/toast';
import { formProblem } from '../../lib/form-check';
import { useAction } from '../../lib/use-action';
import { updateProduct } from './api';

type Body = CallBody<'updateProduct'>;

/** "3:5, 4:10" <-> [{ minQty: 3, percentOff: 5 }, ...]; null when the text does not read (the limits are the contract's). */
export function tiersText(tiers: AdminProduct['rules']['qtyDiscounts']): string {
  return tiers.map((d) => `${d.minQty}:${d.percentOff}`).join(', ');
}
export function parseTiers(text: string): { minQty: number; percentOff: number }[] | null {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const out: { minQty: number; percentOff: number }[] = [];
  for (const p of parts) {
    const m = /^(\d+)\s*:\s*(\d+(?:\.\d+)?)$/.exec(p);
    if (!m) return null;
    out.push({ minQty: Number(m[1]), percentOff: Number(m[2]) });
  }
  return out;
}

/** The field an error's desc names ("price must be ...", "rules.qtyDiscounts.0.minQty ...", "coPrice: ..."). */
function fieldOf(desc: string): string | null {
  const m = /^([a-zA-Z]+)(?:\.([a-zA-Z]+))?/.exec(desc);
  if (!m) return null;
  if (m[1] === 'rules') return m[2] === 'freeAmount' ? 'freeMin' : (m[2] ?? 'qtyDiscounts');
  return ['price', 'coPrice', 'name', 'desc', 'nameBn', 'descBn', 'photo'].includes(m[1]!) ? m[1]! : null;
}

export function EditProductDialog({
  product: p,
  onClose,
  onSaved,
}: {
  product: AdminProduct;
  onClose: () => void;
  onSaved: () => void;
}) {
  const initial = {
    price: String(p.price),
    coPrice: String(p.coPrice),
    name: p.name,
    desc: p.desc,
    nameBn: p.nameBn ?? '',
    descBn: p.descBn ?? '',
    qtyDiscounts: tiersText(p.rules.qtyDiscounts),
    freeMin: p.rules.freeAmount ? String(p.rules.freeAmount.min) : '',
    freeMax: p.rules.freeAmount ? String(p.rules.freeAmount.max) : '',
    photo: p.photo ?? '',
  };
  const [f, setF] = useState(initial);
  const [memberPrice, setMemberPrice] = useState(p.rules.memberPrice);
  const { run, busy } = useAction();
  const toast = useToast();
  const problem = useFieldError();
  const form = useRef<HTMLFormElement>(null);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => {
    problem.clear();
    setF((x) => ({ ...x, [k]: e.target.value }));
  };
  const free = p.rules.freeAmount !== null;
  const byQty = p.type !== 'SPONSORSHIP' && !free;
  const coShown = !(p.sponsorship && p.fullSponsorOnly) && !free;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: Body = { id: p.id };
    // a number where it reads as one; the contract says what else it must be (two decimals, a limit)
    const num = (v: string) => (v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v.trim());
    if (f.price !== initial.price) body.price = num(f.price);
    if (f.coPrice !== initial.coPrice) body.coPrice = num(f.coPrice);
    for (const k of ['name', 'desc', 'nameBn', 'descBn', 'photo'] as const) if (f[k] !== initial[k]) body[k] = f[k];
    const rules: NonNullable<Body['rules']> = {};
    if (f.qtyDiscounts !== initial.qtyDiscounts) {
      const tiers = parseTiers(f.qtyDiscounts);
      if (!tiers) return problem.show(form.current, 'qtyDiscounts', ta('admin.edit.tiersFormat'));
      rules.qtyDiscounts = tiers;
    }
    if (memberPrice !== p.rules.memberPrice) rules.memberPrice = memberPrice;
    if (free && (f.freeMin !== initial.freeMin || f.freeMax !== initial.freeMax)) {
      rules.freeAmount = { min: num(f.freeMin), max: num(f.freeMax) } as never;
    }
    if (Object.keys(rules).length > 0) body.rules = rules;
    if (Object.keys(body).length === 1) return onClose();
    const bad = formProblem(updateProductRequest, body, fieldOf);
    if (bad) return bad.field ? problem.show(form.current, bad.field, bad.text) : toast.error(bad.text);
    void run(
      async () => {
        const r = await updateProduct(body);
        toast.success(r.message, { next: true });
        onSaved();
      },
      (err) => {
        const field = fieldOf(err.message);
        if (field) problem.show(form.current, field, err.message);
        else toast.error(err.message);
      },
    );
  };

  return (
    <Dialog title={ta('admin.edit.title', { code: p.code, year: p.festivalYear })} onClose={onClose}>
      <form ref={form} className="admin-form edit-product" onSubmit={submit} noValidate>
        <Field
          label={ta('adm.price')}
          name="price"
          inputMode="decimal"
          value={f.price}
          onChange={set('price')}
          error={problem.errorOf('price')}
        />
        {coShown ? (
          <Field
            label={p.sponsorship ? ta('adm.coSponsorPrice') : ta('adm.coPrice')}
            name="coPrice"
            inputMode="decimal"
            value={f.coPrice}
            onChange={set('coPrice')}
            error={problem.errorOf('coPrice')}
          />
        ) : null}
        <Field
          label={ta('adm.name')}
          name="name"
          maxLength={100}
          value={f.name}
          onChange={set('name')}
          error={problem.errorOf('name')}
        />
        <div className={problem.errorOf('desc') ? 'field field-invalid' : 'field'}>
          <label htmlFor="edit-product-desc">{ta('admin.edit.desc')}</label>
          <textarea id="edit-product-desc" name="desc" rows={3} maxLength={500} value={f.desc} onChange={set('desc')} />
          {problem.errorOf('desc') ? <small className="field-error">{problem.errorOf('desc')}</small> : null}
        </div>
        <Field
          label={ta('admin.add.nameBn')}
          name="nameBn"
          lang="bn-IN"
          maxLength={100}
          value={f.nameBn}
          onChange={set('nameBn')}
          error={problem.errorOf('nameBn')}
        />
        <div className="field">
          <label htmlFor="edit-product-desc-bn">{ta('admin.add.descBn')}</label>
          <textarea
            id="edit-product-desc-bn"
            name="descBn"
            lang="bn-IN"
            rows={3}
            maxLength={500}
            value={f.descBn}
            onChange={set('descBn')}
          />
        </div>
        <Field
          label={ta('admin.edit.photo')}
          name="photo"
          value={f.photo}
          placeholder="/gallery/photo-03-sm.png"
          onChange={set('photo')}
          error={problem.errorOf('photo')}
        />
        {byQty ? (
          <>
            <Field
              label={ta('admin.edit.tiers')}
              name="qtyDiscounts"
              value={f.qtyDiscounts}
              placeholder="3:5, 4:10"
              onChange={set('qtyDiscounts')}
              error={problem.errorOf('qtyDiscounts')}
              aria-describedby="edit-product-tiers-hint"
            />
            <p className="hint" id="edit-product-tiers-hint">
              {ta('admin.edit.tiersHint')}
            </p>
          </>
        ) : null}
        {p.type === 'DAILY_PASS' && !free ? (
          <label className="admin-check">
            <input
              type="checkbox"
              name="memberPrice"
              checked={memberPrice}
              onChange={(e) => setMemberPrice(e.target.checked)}
            />
            {ta('admin.edit.memberPrice')}
          </label>
        ) : null}
        {free ? (
          <>
            <Field
              label={ta('admin.edit.freeMin')}
              name="freeMin"
              inputMode="decimal"
              value={f.freeMin}
              onChange={set('freeMin')}
              error={problem.errorOf('freeMin')}
            />
            <Field
              label={ta('admin.edit.freeMax')}
              name="freeMax"
              inputMode="decimal"
              value={f.freeMax}
              onChange={set('freeMax')}
            />
          </>
        ) : null}
        <p className="hint">{ta('admin.edit.appliesHint')}</p>
        <div className="admin-toolbar">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {ta('admin.products.save')}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {ta('admin.products.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
