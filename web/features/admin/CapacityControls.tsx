// All Products: a product's capacity, its waiting list and the line (docs/decisions/245-246).
import { type FormEvent, useState } from 'react';
import type { AdminProduct } from '../../../core/contracts/admin';
import { type AdminWaitlist, setProductCapacityRequest } from '../../../core/contracts/capacity';
import { formatDateTime } from '../../../core/festival';
import { ta } from '../../../core/messages/admin.en';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/forms';
import { useToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { formProblem } from '../../lib/form-check';
import { getWaitlist, removeFromWaitlist, setProductCapacity, setProductWaitlist } from './api';

/** The capacity column: units held or sold of the capacity, and what was sold past it. */
export function CapacityText({ p }: { p: AdminProduct }) {
  return (
    <>
      {p.capacity === null
        ? `${ta('capacity.unlimited')}: ${ta('capacity.summaryUnlimited', { taken: p.taken })}`
        : ta('capacity.summary', { taken: p.taken, capacity: p.capacity, left: Math.max(0, p.capacity - p.taken) })}
      {p.oversold > 0 ? (
        <>
          <br />
          <strong className="admin-warning">{ta('capacity.oversold', { count: p.oversold })}</strong>
        </>
      ) : null}
      {p.waitlist ? (
        <>
          <br />
          {ta('capacity.listOn')}
        </>
      ) : null}
    </>
  );
}

/** The actions: change the capacity, turn the waiting list on or off, see the line. */
export function CapacityActions({
  p,
  busy,
  onChanged,
}: {
  p: AdminProduct;
  busy: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [list, setList] = useState<AdminWaitlist | null>(null);
  // the entry whose removal waits for the admin's yes, and the one being removed
  const [asking, setAsking] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    const text = value.trim();
    const capacity = text === '' ? null : Number(text);
    // the contract's rule (a whole number of units from 0, at most its limit) before the call: a text that is not a
    // number would otherwise go as JSON's null, which is "unlimited"
    const bad = formProblem(setProductCapacityRequest, { id: p.id, capacity });
    if (bad) return setError(bad.text.replace(/^capacity:?\s*/, ''));
    setSaving(true);
    setError(null);
    try {
      const r = await setProductCapacity(p.id, capacity);
      toast.success(r.message);
      setEditing(false);
      await onChanged();
    } catch (err) {
      // the server names the field: the refusal goes under it
      setError(
        err instanceof ApiError || err instanceof Error ? err.message.replace(/^capacity:?\s*/, '') : String(err),
      );
    } finally {
      setSaving(false);
    }
  }

  async function toggleWaitlist() {
    try {
      const r = await setProductWaitlist(p.id, !p.waitlist);
      toast.success(r.message);
      await onChanged();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  }

  async function remove(entryId: number) {
    setRemoving(entryId);
    try {
      const r = await removeFromWaitlist(p.id, entryId);
      toast.success(r.message);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setAsking(null);
      setRemoving(null);
    }
    // the line as it is now (the next in line may have been offered the units), and the product's counts
    await getWaitlist(p.id)
      .then(setList)
      .catch(() => setList(null));
    await onChanged();
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        aria-label={`${ta('capacity.edit')} ${p.code}`}
        onClick={() => {
          setValue(p.capacity === null ? '' : String(p.capacity));
          setError(null);
          setEditing(true);
        }}
      >
        {ta('capacity.edit')}
      </button>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        aria-label={`${p.waitlist ? ta('capacity.turnWaitlistOff') : ta('capacity.turnWaitlistOn')} ${p.code}`}
        onClick={() => void toggleWaitlist()}
      >
        {p.waitlist ? ta('capacity.turnWaitlistOff') : ta('capacity.turnWaitlistOn')}
      </button>
      {p.waitlist || p.waiting > 0 ? (
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          aria-label={`${ta('capacity.viewList', { count: p.waiting })} ${p.code}`}
          onClick={() =>
            void getWaitlist(p.id)
              .then(setList)
              .catch((err) => toast.error(err instanceof Error ? err.message : String(err)))
          }
        >
          {ta('capacity.viewList', { count: p.waiting })}
        </button>
      ) : null}
      {editing ? (
        <Dialog title={ta('capacity.title', { code: p.code })} onClose={() => setEditing(false)}>
          <form className="admin-form" onSubmit={save} noValidate>
            <Field
              label={ta('capacity.label')}
              name="capacity"
              type="number"
              inputMode="numeric"
              min={0}
              value={value}
              error={error}
              onChange={(e) => setValue(e.target.value)}
            />
            <p className="hint">{ta('capacity.hint', { taken: p.taken })}</p>
            <div className="admin-toolbar">
              <button type="submit" className="btn btn-primary" disabled={saving}>
                {ta('admin.products.save')}
              </button>
              <button type="button" className="btn" onClick={() => setEditing(false)}>
                {ta('admin.products.cancel')}
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
      {list ? (
        <Dialog
          title={ta('capacity.listTitle', { name: list.name })}
          onClose={() => {
            setList(null);
            setAsking(null);
          }}
        >
          {list.entries.length === 0 ? (
            <p>{ta('capacity.listEmpty')}</p>
          ) : (
            <ol className="admin-waitlist">
              {list.entries.map((e) => (
                <li key={e.id}>
                  <strong>{e.name}</strong> × {e.qty}
                  <br />
                  {e.email} · {e.mobile}
                  <br />
                  {e.state === 'offered'
                    ? ta('capacity.state.offered', { time: formatDateTime(e.offerExpiresAt) })
                    : e.state === 'bought'
                      ? ta('capacity.state.bought', { rcpt: e.orderRcptId ?? '' })
                      : ta(`capacity.state.${e.state}`)}
                  {e.state === 'waiting' || e.state === 'offered' ? (
                    asking === e.id ? (
                      <div className="admin-waitlist-confirm">
                        <p>{ta('capacity.removeQuestion', { person: e.name })}</p>
                        <button
                          type="button"
                          className="btn btn-small btn-danger"
                          disabled={removing !== null}
                          onClick={() => void remove(e.id)}
                        >
                          {ta('capacity.removeYes')}
                        </button>{' '}
                        <button type="button" className="btn btn-small" onClick={() => setAsking(null)}>
                          {ta('capacity.removeNo')}
                        </button>
                      </div>
                    ) : (
                      <>
                        {' '}
                        <button
                          type="button"
                          className="btn btn-small"
                          disabled={removing !== null}
                          aria-label={`${ta('capacity.remove')} ${e.name}`}
                          onClick={() => setAsking(e.id)}
                        >
                          {ta('capacity.remove')}
                        </button>
                      </>
                    )
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </Dialog>
      ) : null}
    </>
  );
}
