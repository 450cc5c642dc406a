// The festival years of All Products: the year shown, "Prepare next year's catalogue" (drafts), and
// publishing a year's drafts on a date.
import { ta } from '../../../core/messages/admin.en';
import { type FormEvent, useRef, useState } from 'react';
import type { AdminProduct } from '../../../core/contracts/admin';
import { formatDateTime } from '../../../core/festival';
import { Field, useFieldError } from '../../components/forms';
import { useToast } from '../../components/toast';
import { useAction } from '../../lib/use-action';
import { prepareNextCatalogue, publishCatalogue } from './api';

/** "Prepare next year's catalogue" and "Publish": the festival years of All Products. */
export function FestivalYearPanel({
  years,
  year,
  onYear,
  drafts,
  onChanged,
}: {
  years: string[];
  year: string;
  onYear: (y: string) => void;
  drafts: number;
  onChanged: (year?: string) => void;
}) {
  const { run, busy } = useAction();
  const toast = useToast();
  const [when, setWhen] = useState('');
  const problem = useFieldError();
  const form = useRef<HTMLFormElement>(null);
  const publish = (e: FormEvent) => {
    e.preventDefault();
    const at = when ? new Date(when).getTime() : null;
    void run(
      async () => {
        const r = await publishCatalogue({ festivalYear: year, publishAt: at });
        toast.success(r.message);
        onChanged(year);
      },
      (err) =>
        /^publishAt/.test(err.message)
          ? problem.show(form.current, 'publishAt', err.message)
          : toast.error(err.message),
    );
  };
  return (
    <div className="festival-years">
      <div className="admin-toolbar">
        <label className="field-inline">
          {ta('admin.years.label')}{' '}
          <select value={year} onChange={(e) => onYear(e.target.value)} aria-label={ta('admin.years.label')}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          onClick={() =>
            run(async () => {
              const r = await prepareNextCatalogue();
              toast.success(r.message);
              onChanged(r.festivalYear);
            })
          }
        >
          {ta('admin.years.prepare')}
        </button>
      </div>
      {drafts > 0 ? (
        <form ref={form} className="admin-form" onSubmit={publish} noValidate>
          <p className="hint">{ta('admin.years.draftsHint', { count: drafts, year })}</p>
          <Field
            label={ta('admin.years.publishAt')}
            name="publishAt"
            type="datetime-local"
            value={when}
            onChange={(e) => {
              problem.clear();
              setWhen(e.target.value);
            }}
            error={problem.errorOf('publishAt')}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {ta('admin.years.publish', { year })}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** How a product stands: a draft, published from a later time, or on sale. */
export function publishState(p: AdminProduct, now = Date.now()): string {
  if (p.publishAt === null) return ta('admin.years.draft');
  if (p.publishAt > now) return ta('admin.years.scheduled', { time: formatDateTime(p.publishAt) });
  return '';
}
