// /venue: the volunteer's screen at the gate. Scan or search, see the order at a glance, one tap to collect.
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { CollectionConflict, VenuePass } from '../../../core/contracts/venue';
import { formatDateTime, formatTime } from '../../../core/festival';
import { t } from '../../../core/i18n';
import { maskMobile } from '../../../core/mobile';
import { MIN_QUERY } from '../../../core/venue-search';
import '../../../core/messages/areas/venue';
import { parsePassQr } from '../../../core/pass-qr';
import { useToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { onBackOnline, onReached, useConnectivity } from '../../lib/online';
import { useUserInfo } from '../../lib/session';
import {
  type CollectOutcome,
  collect,
  type FlushSummary,
  findByPassCode,
  getCollectionConflicts,
  isSyncing,
  loadLocal,
  passesById,
  saleProblem,
  searchLocal,
  searchServer,
  syncEveryMs,
  syncNow,
  undo,
  useVenueState,
  venueState,
} from './engine';
import { VenueNotices } from './Notices';
import type { LocalPass } from './store';
import './venue.css';
import { ORDER_STATUS } from '../../../core/orders';

// The camera and its QR decoder load only when a volunteer starts scanning (and are precached for offline).
const Scanner = lazy(() => import('./Scanner').then((m) => ({ default: m.Scanner })));
// The gate sale's form (and its UPI QR) loads when a volunteer opens it: with /venue, never with the public pages.
const GateSale = lazy(() => import('./GateSale').then((m) => ({ default: m.GateSale })));

type Shown = { ids: number[]; query: string; more: boolean } | null;
type Undoable = { outcome: CollectOutcome; until: number };

/** How long "Undo" stays on a card after a tap; the server allows a little longer (UNDO_WINDOW_MS, decision 153). */
const UNDO_SHOWN_MS = 8_000;

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
  const { online, since: offlineSince } = useConnectivity();
  const user = useUserInfo();
  const venue = useVenueState();
  const [query, setQuery] = useState(typedBeforeHydration);
  const [shown, setShown] = useState<Shown>(null);
  const [passes, setPasses] = useState<ReadonlyMap<number, LocalPass>>(new Map());
  const [scanning, setScanning] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  const [selling, setSelling] = useState(false);

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
      else if (always && !s) toast.error(t('venue.syncFailed'));
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

  // Flush and pull: at start, after any request that got through while collections wait (a search, a probe of
  // the connectivity store), when requests get through again, when the screen becomes visible, and on a timer.
  // None of these asks navigator.onLine (docs/decisions/150).
  useEffect(() => {
    void loadLocal().then(() => runSync());
    const stopReached = onReached(() => {
      if (venueState().waiting > 0 && !isSyncing()) void runSync();
    });
    const stopBack = onBackOnline(() => void runSync());
    const onVisible = () => document.visibilityState === 'visible' && void runSync();
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(() => void runSync(), syncEveryMs());
    return () => {
      stopReached();
      stopBack();
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [runSync]);

  /** What the box holds now: a lookup for any other text is stale. */
  const typed = useRef(query);
  const lookups = useRef(0);
  /** What the server found for a query (an email the phone does not keep, a pass sold a moment ago). */
  const serverFound = useRef<{ query: string; ids: number[] } | null>(null);

  /**
   * The lookup in this phone's copy, as the volunteer types: the search worker answers, with what the server found
   * for the same text; an answer overtaken by a later lookup, or for a text no longer in the box, is dropped.
   */
  const lookUp = useCallback(async (text: string) => {
    const seq = ++lookups.current;
    const q = text.trim();
    if (q.length < MIN_QUERY) {
      setShown(null);
      return;
    }
    const extra = serverFound.current?.query === q ? serverFound.current.ids : [];
    const [answer, found] = await Promise.all([searchLocal(q), extra.length > 0 ? passesById(extra) : []]);
    // the last lookup asked for wins (it knows the most: the latest text, copy and server answer)
    if (seq !== lookups.current || typed.current.trim() !== q) return;
    const list = [...answer.passes, ...found.filter((f) => !answer.passes.some((p) => p.id === f.id))];
    setPasses(new Map(list.map((p) => [p.id, p])));
    setShown({ ids: list.map((p) => p.id), query: q, more: answer.more });
  }, []);

  // Once the copy is loaded (what was typed before hydration), and whenever it changes (a sync page, a
  // collection, an upload): the text in the box is looked up again, so that what a volunteer typed while the first
  // sync was running finds what has arrived since, and the cards on screen show the copy as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the copy's readiness and version are the signals
  useEffect(() => {
    if (venue.ready) void lookUp(typed.current);
  }, [venue.ready, venue.version]);

  function onType(text: string) {
    typed.current = text;
    setQuery(text);
    void lookUp(text);
  }

  /** Search: fresh answers from the server when anything gets through; offline the copy has answered already. */
  const askServer = useCallback(
    async (q: string) => {
      const rows = await searchServer(q);
      serverFound.current = { query: q, ids: rows.map((r) => r.id) };
      await lookUp(q);
      return rows;
    },
    [lookUp],
  );

  async function search(e: FormEvent) {
    e.preventDefault();
    const q = query.trim();
    if (q.length < MIN_QUERY) {
      toast.error(t('venue.searchShort'));
      return;
    }
    await lookUp(q);
    try {
      await askServer(q);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'Network') toast.error((err as Error).message);
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
      typed.current = code;
      setQuery(code);
      await lookUp(code);
      const local = await findByPassCode(code);
      let rows: VenuePass[] = [];
      try {
        rows = await askServer(code);
      } catch {
        // no connection: the local copy answers
      }
      if (!local && rows.length === 0 && typed.current === code) toast.error(t('venue.qrUnknown'));
    },
    [toast, lookUp, askServer],
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
      setPasses((old) => new Map(old).set(p.id, r.pass));
      setUndoable({ outcome: r, until: Date.now() + UNDO_SHOWN_MS });
      if (r.kind === 'online') toast.success(r.message);
      else toast.info(t('venue.savedOffline'));
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusyId(null);
    }
  }

  async function undoCollection(u: Undoable) {
    setUndoable(null);
    setBusyId(u.outcome.pass.id);
    try {
      const back = await undo(u.outcome);
      setPasses((old) => new Map(old).set(back.id, back));
      toast.info(t('venue.undone', { rcpt: back.orderRcptId }));
    } catch (e) {
      toast.error(t('venue.undoFailed', { reason: e instanceof ApiError ? e.message : String(e) }));
    } finally {
      setBusyId(null);
    }
  }

  // the undo offer goes after a few seconds
  useEffect(() => {
    if (!undoable) return;
    const id = setTimeout(() => setUndoable(null), Math.max(0, undoable.until - Date.now()));
    return () => clearTimeout(id);
  }, [undoable]);

  const results = (shown?.ids ?? []).map((id) => passes.get(id)).filter((p): p is LocalPass => !!p);

  return (
    <section className="venue">
      <h1>{t('venue.title')}</h1>
      <div className="venue-status">
        {!online && (
          <p className="venue-offline" role="status">
            {t('venue.offline')} {t('venue.offlineSince', { time: formatTime(offlineSince) })}
          </p>
        )}
        <p
          className={`venue-waiting${venue.waiting > 0 ? ' venue-waiting--some' : ''}`}
          role="status"
          aria-live="polite"
        >
          {venue.waiting === 0
            ? t('venue.waitingNone')
            : t(venue.waiting === 1 ? 'venue.waitingOne' : 'venue.waitingMany', {
                count: venue.waiting,
                time: formatTime(venue.waitingSince ?? Date.now()),
              })}
        </p>
        {venue.salesWaiting > 0 && (
          <p className="venue-waiting venue-waiting--some" role="status">
            {t('gate.salesWaiting', { count: venue.salesWaiting })}
            {saleProblem() ? ` ${t('gate.salesProblem', { reason: saleProblem() ?? '' })}` : ''}
          </p>
        )}
        <p className="venue-copy">
          {/* before the first sync (and in the prerendered frame) the copy's festival year is not known yet */}
          {t(venue.year ? 'venue.localCopy' : 'venue.localCopyEmpty', {
            count: venue.count,
            year: venue.year ?? '',
            time: venue.syncedAt ? formatDateTime(venue.syncedAt) : t('venue.neverSynced'),
          })}
        </p>
        <button
          type="button"
          className="btn"
          onClick={() => void runSync(true)}
          disabled={venue.syncing}
          aria-busy={venue.syncing}
        >
          {t('venue.syncNow')}
        </button>
      </div>

      {selling ? (
        <Suspense fallback={<p className="loading">{t('layout.loading')}</p>}>
          <GateSale
            onClose={() => setSelling(false)}
            onSold={(text) => {
              toast.success(text);
            }}
          />
        </Suspense>
      ) : (
        <button type="button" className="btn venue-sell" onClick={() => setSelling(true)}>
          {t('gate.open')}
        </button>
      )}

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
              onChange={(e) => onType(e.target.value)}
              inputMode="search"
              autoComplete="off"
              aria-describedby="venue-q-hint"
            />
            <button type="submit" className="btn">
              {t('venue.search')}
            </button>
          </div>
          <small id="venue-q-hint" className="venue-hint">
            {t('venue.searchHint')}
          </small>
        </form>
      </div>

      {shown && results.length === 0 && <p className="empty">{t('venue.noResults', { q: shown.query })}</p>}
      {shown?.more && (
        <p className="venue-more" role="status">
          {t('venue.moreResults', { count: results.length })}
        </p>
      )}
      <div className="venue-results">
        {results.map((p) => (
          <PassCard
            key={p.id}
            pass={p}
            busy={busyId === p.id}
            onCollect={() => void markCollected(p)}
            undo={undoable && undoable.outcome.pass.id === p.id ? () => void undoCollection(undoable) : null}
          />
        ))}
      </div>

      <VenueNotices />
      {user?.admin && online && <Conflicts />}
    </section>
  );
}

function PassCard({
  pass,
  busy,
  onCollect,
  undo,
}: {
  pass: LocalPass;
  busy: boolean;
  onCollect: () => void;
  undo: (() => void) | null;
}) {
  // a refunded pass is void: refused here, online at once and on this phone after its next sync
  const state = pass.refunded
    ? 'refunded'
    : pass.status !== ORDER_STATUS.success
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
        {pass.orderRcptId} ·{' '}
        <span className="venue-mobile">{t('venue.mobileMasked', { mobile: maskMobile(pass.mobile) })}</span>
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
          {pass.pending && ` · ${t('venue.pendingUpload')}`}
        </p>
      )}
      {state === 'collected' && undo && (
        <button type="button" className="btn venue-undo" onClick={undo} disabled={busy}>
          {t('venue.undo')}
        </button>
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
      setList(await getCollectionConflicts());
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
