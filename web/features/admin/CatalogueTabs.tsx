import { ta } from '../../../core/messages/admin.en';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { type AdminProduct, addProductRequest, blockProductRequest } from '../../../core/contracts/admin';
import { festivalYear, nextFestivalYear } from '../../../core/festival-year';
import { t } from '../../../core/i18n';
import { Field } from '../../components/forms';
import { useToast } from '../../components/toast';
import { formProblem } from '../../lib/form-check';
import { useAction, useLoad } from '../../lib/use-action';
import {
  type AddProductForm,
  addProduct,
  addProductBody,
  blockProduct,
  getUnGropedProducts,
  markProductAvailable,
  markProductFullSponsor,
  setProductBengali,
  unblockProduct,
} from './api';
import { CapacityActions, CapacityText } from './CapacityControls';
import { downloadCsv } from './csv';
import { FestivalYearPanel, publishState } from './FestivalYears';

// the Edit dialog loads on the first Edit, not with the console
const EditProductDialog = lazy(() => import('./EditProductDialog').then((m) => ({ default: m.EditProductDialog })));
import { inr } from './OrderDialog';
import { categoryText } from './words';
import { ScrollBox } from './ScrollBox';

type Kind = 'membership' | 'sponsorship' | 'dailyMembership';

/** SPEC.md: choose the type, then enter name, code, price and co-price (no client-side checks: the server's desc shows). */
export function AddProductTab() {
  const [kind, setKind] = useState<Kind>('membership');
  const [f, setF] = useState({ name: '', code: '', price: '', coSponsorPrice: '', desc: '', nameBn: '', descBn: '' });
  const [fullSponsorOnly, setFullSponsorOnly] = useState(false);
  // a capacity from the start ('' = unlimited) and the waiting list with it
  const [capacity, setCapacity] = useState('');
  const [waitlist, setWaitlist] = useState(false);
  // '' = the catalogue on sale; a later year's product is a draft of that year's catalogue
  const [year, setYear] = useState('');
  const { run, busy } = useAction();
  const toast = useToast();
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF((x) => ({ ...x, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const cap = capacity.trim() === '' ? undefined : Number(capacity);
      const body: AddProductForm = {
        ...f,
        membership: kind === 'membership',
        sponsorship: kind === 'sponsorship',
        dailyMembership: kind === 'dailyMembership',
        fullSponsorOnly: kind === 'sponsorship' && fullSponsorOnly,
        ...(year ? { festivalYear: year } : {}),
        ...(cap !== undefined ? { capacity: cap } : {}),
        ...(waitlist ? { waitlist } : {}),
      };
      // the contract's rules (code, prices, capacity...) before the call, in its words
      const bad = formProblem(addProductRequest, addProductBody(body));
      if (bad) return toast.error(bad.text);
      const r = await addProduct(body);
      toast.success(r.message);
      setF({ name: '', code: '', price: '', coSponsorPrice: '', desc: '', nameBn: '', descBn: '' });
      setCapacity('');
      setWaitlist(false);
    });
  };

  return (
    <form className="admin-form" onSubmit={submit}>
      <fieldset>
        <legend>{ta('adm.type')}</legend>
        {(
          [
            ['membership', 'adm.typeMembership'],
            ['sponsorship', 'adm.typeSponsorship'],
            ['dailyMembership', 'adm.typeDailyPass'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="admin-check">
            <input type="radio" name="product-type" checked={kind === value} onChange={() => setKind(value)} />
            {ta(label)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="add-product-year">{ta('admin.years.label')}</label>
        <select id="add-product-year" value={year} onChange={(e) => setYear(e.target.value)}>
          <option value="">{ta('admin.years.onSale')}</option>
          {[nextFestivalYear(festivalYear()), nextFestivalYear(nextFestivalYear(festivalYear()))].map((y) => (
            <option key={y} value={y}>
              {ta('admin.years.draftOf', { year: y })}
            </option>
          ))}
        </select>
      </div>
      <Field label={ta('adm.name')} value={f.name} onChange={set('name')} />
      <Field
        label={ta('adm.code')}
        value={f.code}
        maxLength={5}
        onChange={set('code')}
        aria-describedby="add-product-code-hint"
      />
      <p className="hint" id="add-product-code-hint">
        {t('admin.add.ruleCodes')}
      </p>
      <Field label={ta('adm.price')} inputMode="decimal" value={f.price} onChange={set('price')} />
      {kind === 'sponsorship' ? (
        <label className="admin-check">
          <input type="checkbox" checked={fullSponsorOnly} onChange={(e) => setFullSponsorOnly(e.target.checked)} />
          {ta('adm.fullOnly')}
        </label>
      ) : null}
      {!(kind === 'sponsorship' && fullSponsorOnly) ? (
        <Field
          label={kind === 'sponsorship' ? ta('adm.coSponsorPrice') : ta('adm.coPrice')}
          inputMode="decimal"
          value={f.coSponsorPrice}
          onChange={set('coSponsorPrice')}
        />
      ) : null}
      {/* capped in one step (docs/decisions/245); empty = unlimited, as in the Capacity dialog */}
      <Field
        label={ta('capacity.label')}
        name="capacity"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={capacity}
        onChange={(e) => setCapacity(e.target.value)}
      />
      <label className="admin-check">
        <input type="checkbox" checked={waitlist} onChange={(e) => setWaitlist(e.target.checked)} />
        {ta('adm.waitlistOn')}
      </label>
      {/* shown on the product's card to members (docs/decisions/109) */}
      <div className="field">
        <label htmlFor="add-product-desc">{t('admin.add.description')}</label>
        <textarea id="add-product-desc" rows={3} maxLength={500} value={f.desc} onChange={set('desc')} />
      </div>
      {/* the Bengali name and description members see in the Bengali interface */}
      <Field label={ta('admin.add.nameBn')} lang="bn-IN" maxLength={100} value={f.nameBn} onChange={set('nameBn')} />
      <div className="field">
        <label htmlFor="add-product-desc-bn">{ta('admin.add.descBn')}</label>
        <textarea
          id="add-product-desc-bn"
          lang="bn-IN"
          rows={3}
          maxLength={500}
          value={f.descBn}
          onChange={set('descBn')}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('admin.add.button')}
      </button>
    </form>
  );
}

export function ProductsTab() {
  // the buttons wait for a load as for an action, as they did when loads went through the action runner
  const { data: products, setData: setProducts, reload: load, loading } = useLoad(getUnGropedProducts, []);
  const { run, busy: acting } = useAction();
  const busy = acting || loading;
  const toast = useToast();
  const [bengali, setBengali] = useState<{ p: AdminProduct; nameBn: string; descBn: string } | null>(null);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  // one festival year at a time; the newest with a published product first
  const [year, setYear] = useState<string | null>(null);
  const reload = (y?: string) =>
    run(async () => {
      setProducts(await getUnGropedProducts());
      if (y) setYear(y);
    });

  const act = (fn: () => Promise<{ message: string }>) =>
    run(async () => {
      const r = await fn();
      toast.success(r.message);
      setProducts(await getUnGropedProducts());
    });

  if (!products) return <p className="loading">{t('layout.loading')}</p>;
  const years = [...new Set(products.map((p) => p.festivalYear))].sort().reverse();
  const now = Date.now();
  const liveYear =
    years.find((y) => products.some((p) => p.festivalYear === y && p.publishAt !== null && p.publishAt <= now)) ??
    years[0] ??
    '';
  const shownYear = year && years.includes(year) ? year : liveYear;
  const shown = products.filter((p) => p.festivalYear === shownYear);
  return (
    <div>
      <FestivalYearPanel
        years={years}
        year={shownYear}
        onYear={setYear}
        drafts={shown.filter((p) => p.publishAt === null || p.publishAt > now).length}
        onChanged={reload}
      />
      {editing ? (
        <Suspense fallback={null}>
          <EditProductDialog
            product={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void reload();
            }}
          />
        </Suspense>
      ) : null}
      <div className="admin-toolbar">
        <button
          type="button"
          className="btn btn-small"
          onClick={() =>
            downloadCsv('products', shown, [
              { header: 'Festival year', value: (p) => p.festivalYear },
              { header: 'Type', value: (p) => p.type },
              { header: 'Name', value: (p) => p.name },
              { header: 'Code', value: (p) => p.code },
              { header: 'Full Price', value: (p) => p.price },
              { header: 'Co-Sponsor/Utsav Price', value: (p) => p.coPrice },
              { header: 'Show on UI', value: (p) => (p.available ? 'Yes' : 'No') },
              { header: 'Only full Sponsor', value: (p) => (p.fullSponsorOnly ? 'Yes' : 'No') },
              { header: 'Sponsored or Block By', value: (p) => p.sponsoredBy },
              { header: 'Sponsor Email', value: (p) => p.sponsoredByEmail },
            ])
          }
        >
          {t('admin.exportCsv')}
        </button>
      </div>
      {bengali ? (
        <form
          className="admin-form"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => setProductBengali(bengali.p.id, bengali.nameBn, bengali.descBn)).then(() =>
              setBengali(null),
            );
          }}
        >
          <h3>{ta('admin.products.bengaliTitle', { code: bengali.p.code })}</h3>
          <p className="hint">{ta('admin.products.bengaliHint')}</p>
          <Field
            label={ta('admin.add.nameBn')}
            lang="bn-IN"
            maxLength={100}
            value={bengali.nameBn}
            onChange={(e) => setBengali({ ...bengali, nameBn: e.target.value })}
          />
          <div className="field">
            <label htmlFor="product-desc-bn">{ta('admin.add.descBn')}</label>
            <textarea
              id="product-desc-bn"
              lang="bn-IN"
              rows={3}
              maxLength={500}
              value={bengali.descBn}
              onChange={(e) => setBengali({ ...bengali, descBn: e.target.value })}
            />
          </div>
          <div className="admin-toolbar">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {ta('admin.products.save')}
            </button>
            <button type="button" className="btn" onClick={() => setBengali(null)}>
              {ta('admin.products.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      <ScrollBox label={ta('col.allProducts')}>
        <table className="admin-table stack-table">
          <thead>
            <tr>
              <th>{ta('col.type')}</th>
              <th>{ta('col.name')}</th>
              <th>{ta('col.code')}</th>
              <th>{ta('col.fullPrice')}</th>
              <th>{ta('col.coPrice')}</th>
              <th>{ta('col.showOnUi')}</th>
              <th>{ta('col.fullOnly')}</th>
              <th>{ta('col.sponsoredBy')}</th>
              <th>{ta('col.capacity')}</th>
              <th>{ta('col.action')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr key={p.id}>
                <td data-label={ta('col.type')}>{categoryText(p.type)}</td>
                <td className="stack-title">
                  {p.name}
                  {publishState(p, now) ? <span className="badge">{publishState(p, now)}</span> : null}
                  {p.nameBn ? (
                    <>
                      <br />
                      <span lang="bn-IN">{p.nameBn}</span>
                    </>
                  ) : null}
                </td>
                <td data-label={ta('col.code')}>{p.code}</td>
                <td data-label={ta('col.fullPrice')}>{inr(p.price)}</td>
                <td data-label={ta('col.coPrice')}>{inr(p.coPrice)}</td>
                <td data-label={ta('col.showOnUi')}>{p.available ? ta('adm.yes') : ta('adm.no')}</td>
                <td data-label={ta('col.fullOnly')}>
                  {p.sponsorship ? (p.fullSponsorOnly ? ta('adm.yes') : ta('adm.no')) : ''}
                </td>
                <td data-label={ta('col.sponsoredBy')}>
                  {p.sponsoredBy ? `${p.sponsoredBy}${p.sponsoredByEmail ? ` (${p.sponsoredByEmail})` : ''}` : ''}
                </td>
                <td data-label={ta('col.capacity')}>
                  <CapacityText p={p} />
                </td>
                <td className="stack-actions">
                  <div className="admin-toolbar">
                    <CapacityActions p={p} busy={busy} onChanged={load} />
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={busy}
                      aria-label={`${ta('admin.products.edit')} ${p.code}`}
                      onClick={() => setEditing(p)}
                    >
                      {ta('admin.products.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={busy}
                      aria-label={`${ta('admin.products.editBengali')} ${p.code}`}
                      onClick={() => setBengali({ p, nameBn: p.nameBn ?? '', descBn: p.descBn ?? '' })}
                    >
                      {ta('admin.products.editBengali')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={busy}
                      aria-label={`${p.available ? t('admin.disable') : t('admin.enable')} ${p.code}`}
                      onClick={() => act(() => markProductAvailable(p.id, !p.available))}
                    >
                      {p.available ? t('admin.disable') : t('admin.enable')}
                    </button>
                    {p.sponsorship ? (
                      <button
                        type="button"
                        className="btn btn-small"
                        disabled={busy}
                        aria-label={`${p.fullSponsorOnly ? t('admin.enableCo') : t('admin.disableCo')} ${p.code}`}
                        onClick={() => act(() => markProductFullSponsor(p.id, !p.fullSponsorOnly))}
                      >
                        {p.fullSponsorOnly ? t('admin.enableCo') : t('admin.disableCo')}
                      </button>
                    ) : null}
                    {p.blocked ? (
                      <button
                        type="button"
                        className="btn btn-small"
                        disabled={busy}
                        aria-label={`${t('admin.unblock')} ${p.code}`}
                        onClick={() => act(() => unblockProduct(p.id))}
                      >
                        {t('admin.unblock')}
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </div>
  );
}

/** The sponsorship items of the catalogue on sale (not last year's, nor next year's drafts). */
function sponsorshipsOnSale(all: AdminProduct[]): AdminProduct[] {
  const now = Date.now();
  const live = all
    .filter((p) => p.publishAt !== null && p.publishAt <= now)
    .map((p) => p.festivalYear)
    .sort()
    .pop();
  return all.filter((p) => p.sponsorship && p.festivalYear === live && p.publishAt !== null && p.publishAt <= now);
}

const loadSponsorships = async () => sponsorshipsOnSale(await getUnGropedProducts());

/** DECISIONS.md: the Block Sponsorship Product form gets its own tab. */
export function BlockProductTab() {
  const { data, setData: setProducts, loading } = useLoad(loadSponsorships, []);
  const products = data ?? [];
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const { run, busy: acting } = useAction();
  const busy = acting || loading;
  const toast = useToast();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const bad = formProblem(blockProductRequest, {
        id: Number(id),
        blockedByName: name.trim(),
        blockedByEmail: email.trim(),
      });
      if (bad) return toast.error(bad.text);
      const r = await blockProduct(Number(id), name, email);
      toast.success(r.message);
      setName('');
      setEmail('');
      setProducts(await loadSponsorships());
    });
  };

  return (
    <form className="admin-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor="block-product">{ta('adm.sponsorshipProduct')}</label>
        <select id="block-product" value={id} onChange={(e) => setId(e.target.value)}>
          <option value="">{ta('adm.chooseProduct')}</option>
          {products.map((p) => (
            <option key={p.id} value={p.id} disabled={p.sponsoredBy !== null}>
              {p.name} ({p.code}){p.sponsoredBy ? ` - ${p.sponsoredBy}` : ''}
            </option>
          ))}
        </select>
      </div>
      <Field label={ta('adm.blockedName')} value={name} onChange={(e) => setName(e.target.value)} />
      <Field label={ta('adm.blockedEmail')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('admin.block.button')}
      </button>
    </form>
  );
}
