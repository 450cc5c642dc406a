// /venue: the volunteer's screen at the gate. Scan or search, see the order at a glance, one tap to collect.
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { CollectionConflict } from '../../../core/contracts/venue';
import { formatDateTime } from '../../../core/festival';
import { t } from '../../../core/i18n';
import '../../../core/messages/areas/venue';
import { parsePassQr } from '../../../core/pass-qr';
import { useToast } from '../../components/toast';
import { ApiError, api } from '../../lib/api-client';
import { useOnline } from '../../lib/online';
import { useUserInfo } from '../../lib/session';
import {
  collect,
  type FlushSummary,
  findByPassCode,
  loadLocal,
  SYNC_EVERY_MS,
  searchLocal,
  searchServer,
  syncNow,
  useVenueState,
} from './engine';
import { VenueNotices } from './Notices';
import type { LocalPass } from './store';
import './venue.css';

// The camera and its QR decoder load only when a volunteer starts scanning (and are precached for offline).
const Scanner = lazy(() => import('./Scanner').then((m) => ({ default: m.Scanner })));

type Shown = { ids: number[]; query: string } | null;

/**
 * The search box is part of the prerendered frame (docs/decisions/116): a volunteer on a slow phone may type into
 * it before React takes the page over. The first render starts from what is already in the box, so nothing typed
 * is lost (on the server there is no document: empty).
 */
function typedBeforeHydration(): string {
  if (typeof document === 'undefined') return '';
  return (document.getElementById('venue-q') as HTMLInputElement | null)?.value ?? '';
}

export function VenueScreen() {
  const toast = useToast();
  const online = useOnline();
  const user = useUserInfo();
  const venue = useVenueState();
  const [query, setQuery] = useState(typedBeforeHydration);
  const [shown, setShown] = useState<Shown>(null);
  const [scanning, setScanning] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);

  useEffect(() => {
    toast.setPosition('bottom-center');
    return () => toast.setPosition('top-right');
  }, [toast]);

  const report = useCallback(
    (s: FlushSummary | null, always: boolean) => {
      if (s && s.uploaded > 0) {
        toast.success(t('venue.uploaded', { count: s.uploaded }));
        if (s.conflicts > 0) toast.warning(t('venue.conflictsFound', { count: s.conflicts }));
      } else if (always && s) toast.info(t('venue.uploaded', { count: 0 }));
    },
    [toast],
  );

  const runSync = useCallback(
    (always = false) =>
      syncNow()
        .then((s) => report(s, always))
        .catch((e: unknown) => toast.error(e instanceof ApiError ? e.message : t('network.error'))),
    [report, toast],
  );

  // flush and pull: at start, when the connection returns, when the screen becomes visible, on a timer
  useEffect(() => {
    void loadLocal().then(() => runSync());
    const onOnline = () => void runSync();
    const onVisible = () => document.visibilityState === 'visible' && void runSync();
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(() => void runSync(), SYNC_EVERY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [runSync]);

  async function search(e: FormEvent) {
    e.preventDefault();
    const q = query.trim();
    if (q.length < 3) {
      toast.error(t('venue.searchShort'));
      return;
    }
    const local = searchLocal(venue.passes, q);
    setShown({ ids: local.map((p) => p.id), query: q });
    if (navigator.onLine) {
      try {
        const rows = await searchServer(q);
        setShown({ ids: [...new Set([...rows.map((r) => r.id), ...local.map((p) => p.id)])], query: q });
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 0) toast.error((err as Error).message);
      }
    }
  }

  const onScanned = useCallback(
    async (text: string) => {
      setScanning(false);
      const code = parsePassQr(text);
      if (!code) {
        toast.error(t('venue.qrUnknown'));
        return;
      }
      setQuery(code);
      const local = findByPassCode(venue.passes, code);
      if (local) setShown({ ids: [local.id], query: code });
      if (navigator.onLine) {
        try {
          const rows = await searchServer(code);
          if (rows.length > 0) {
            setShown({ ids: rows.map((r) => r.id), query: code });
            return;
          }
        } catch {
          // offline after all: the local copy answers
        }
      }
      if (!local) {
        setShown({ ids: [], query: code });
        toast.error(t('venue.qrUnknown'));
      }
    },
    [toast, venue.passes],
  );
  const onScanError = useCallback(
    (m: string) => {
      setScanning(false);
      toast.error(m);
    },
    [toast],
  );

  async function markCollected(p: LocalPass) {
    if (busyId !== null) return;
    setBusyId(p.id);
    try {
      const r = await collect(p);
      if (r.kind === 'online') toast.success(r.message);
      else toast.info(t('venue.savedOffline'));
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusyId(null);
    }
  }

  const results = (shown?.ids ?? []).map((id) => venue.passes.get(id)).filter((p): p is LocalPass => !!p);
  const count = venue.passes.size;

  return (
    <section className="venue">
      <h1>{t('venue.title')}</h1>
      <div className="venue-status">
        {!online && (
          <p className="venue-offline" role="status">
            {t('venue.offline')}
          </p>
        )}
        <p
          className={`venue-waiting${venue.waiting > 0 ? ' venue-waiting--some' : ''}`}
          role="status"
          aria-live="polite"
        >
          {t('venue.waiting', { count: venue.waiting })}
        </p>
        <p className="venue-copy">
          {t('venue.localCopy', {
            count,
            year: venue.year ?? '',
            time: venue.syncedAt ? formatDateTime(venue.syncedAt) : t('venue.neverSynced'),
          })}
        </p>
        <button
          type="button"
          className="btn"
          onClick={() => void runSync(true)}
          disabled={!online || venue.syncing}
          aria-busy={venue.syncing}
        >
          {t('venue.syncNow')}
        </button>
      </div>

      <div className="venue-find">
        {scanning ? (
          <>
            <Suspense fallback={<p className="loading">{t('layout.loading')}</p>}>
              <Scanner onText={onScanned} onError={onScanError} />
            </Suspense>
            <button type="button" className="btn" onClick={() => setScanning(false)}>
              {t('venue.stopScan')}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-primary venue-scan" onClick={() => setScanning(true)}>
            {t('venue.scan')}
          </button>
        )}
        <form className="venue-search" onSubmit={search}>
          <label htmlFor="venue-q">{t('venue.searchLabel')}</label>
          <div className="venue-search-row">
            <input
              id="venue-q"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              inputMode="search"
              autoComplete="off"
            />
            <button type="submit" className="btn">
              {t('venue.search')}
            </button>
          </div>
        </form>
      </div>

      {shown && results.length === 0 && <p className="empty">{t('venue.noResults', { q: shown.query })}</p>}
      <div className="venue-results">
        {results.map((p) => (
          <PassCard key={p.id} pass={p} busy={busyId === p.id} onCollect={() => void markCollected(p)} />
        ))}
      </div>

      <VenueNotices />
      {user?.admin && online && <Conflicts />}
    </section>
  );
}

function PassCard({ pass, busy, onCollect }: { pass: LocalPass; busy: boolean; onCollect: () => void }) {
  // a refunded pass is void (issue 13): refused here, online at once and on this phone after its next sync
  const state = pass.refunded
    ? 'refunded'
    : pass.status !== 'Success'
      ? 'unpaid'
      : pass.passCollected === 1
        ? 'collected'
        : 'open';
  const label =
    state === 'refunded'
      ? t('venue.stateRefunded')
      : state === 'unpaid'
        ? t('venue.stateNotPaid')
        : state === 'collected'
          ? t('venue.stateCollected')
          : t('venue.stateToCollect');
  return (
    <article className={`venue-pass venue-pass--${state}`} aria-label={pass.orderRcptId}>
      <p className="venue-state">{label}</p>
      <h2 className="venue-name">{pass.name}</h2>
      <p className="venue-ids">
        {pass.orderRcptId} · {pass.mobile}
      </p>
      <ul className="venue-lines">
        {pass.lines.map((l) => (
          <li key={l.code}>
            <span className="venue-qty">{l.qty}</span> × {l.name}
          </li>
        ))}
      </ul>
      {state === 'collected' && (
        <p className="venue-by">
          {t('venue.collectedBy', { time: formatDateTime(pass.collectedAt), volunteer: pass.collectedBy ?? '' })}
          {pass.pending && ` · ${t('venue.waiting', { count: 1 })}`}
        </p>
      )}
      {state === 'open' && (
        <button type="button" className="btn btn-primary venue-collect" onClick={onCollect} disabled={busy}>
          {t('venue.markCollected')}
        </button>
      )}
    </article>
  );
}

function Conflicts() {
  const [list, setList] = useState<CollectionConflict[] | null>(null);
  const toast = useToast();
  async function load() {
    try {
      setList(await api('getCollectionConflicts', {}));
    } catch (e) {
      toast.error((e as Error).message);
    }
  }
  return (
    <section className="venue-conflicts">
      <h2>{t('venue.conflictsTitle')}</h2>
      {list === null ? (
        <button type="button" className="btn" onClick={() => void load()}>
          {t('venue.conflictsTitle')}
        </button>
      ) : list.length === 0 ? (
        <p className="empty">{t('venue.noConflicts')}</p>
      ) : (
        <ul>
          {list.map((c) => (
            <li key={c.orderRcptId}>
              <strong>{c.orderRcptId}</strong> {c.name} · {c.mobile}
              <ul>
                {c.events.map((e) => (
                  <li key={e.nonce} className={e.counted ? 'venue-counted' : 'venue-flagged'}>
                    {formatDateTime(e.happenedAt)} · {e.volunteer}
                    {e.deviceId ? ` (${e.deviceId.slice(0, 8)})` : ''} · {e.source}
                    {e.counted ? ' ✓' : ` ✗ ${e.reason ?? ''}`}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
