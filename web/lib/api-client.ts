// The only HTTP client: POST /api/<path> with a JSON body and X-Session-Token (DECISIONS.md, API contract).
// Typed by the call map (web/lib/calls.ts, docs/decisions/079, 269), derived from the Worker's declared routes: the
// path decides the body it takes and the `data` it answers, so no caller names a type; the map is types only.
import type { CallBody, CallData, CallPath, OptionalBodyPath } from './calls';
import type { KeyedMessage } from '../../core/contracts/common';
import type { ClientErrorCode, ErrorAnswer, ErrorCode } from '../../core/contracts/errors';
import { answerParams } from '../../core/festival';
import { getLocale, t, tAnswered } from '../../core/i18n';
import { clearAll, readUserInfo } from './session';

/** An answer's error code (core/contracts/errors.ts), or the client's own: no answer ('Network'), another failure. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status: number,
    /** the field a refused input names (the answer's `params.field`), for the screen to say it there */
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// How long a request may hang before it is given up (docs/decisions/150). A festival network that is "up" but passes
// nothing (venue Wi-Fi without uplink, a congested mobile cell) never fails a request by itself: without a limit a
// screen would wait forever and nobody would learn that nothing gets through. A call may ask for another limit
// (`api(path, body, { timeoutMs })`): checkout's calls that wait on Razorpay take longer (PAYMENT_TIMEOUT_MS), the
// gate's tap shorter (its collection is queued with the same nonce when the answer does not come in time).
export const TIMEOUT_MS = 15_000;
export const PAYMENT_TIMEOUT_MS = 45_000;
export type CallOptions = { timeoutMs?: number };

/**
 * Evidence about the connection, for web/lib/online.ts: `true` when a request got an answer from the server (of
 * any status), `false` when it failed at the network level or timed out. The one client sees every request, so the
 * connectivity store does not have to guess from navigator.onLine.
 */
type Outcome = (reached: boolean) => void;
const outcomeListeners = new Set<Outcome>();
let lastOutcome: boolean | null = null;
/** A listener added late (the store loads after the first screen) hears the last outcome at once. */
export function onRequestOutcome(listener: Outcome): void {
  outcomeListeners.add(listener);
  if (lastOutcome !== null) listener(lastOutcome);
}
function report(reached: boolean) {
  lastOutcome = reached;
  for (const l of outcomeListeners) l(reached);
}

// The last D1 bookmark this browser saw (docs/decisions/113): a read replica answers the next call only once it
// has caught up with it, so a member always sees their own writes. Cleared with the rest of local storage.
const BOOKMARK = 'd1-bookmark';

function bookmarkHeader(): Record<string, string> {
  try {
    const b = localStorage.getItem(BOOKMARK);
    return b ? { 'X-D1-Bookmark': b } : {};
  } catch {
    return {};
  }
}

function keepBookmark(res: Response) {
  const b = res.headers.get('X-D1-Bookmark');
  try {
    if (b) localStorage.setItem(BOOKMARK, b);
  } catch {
    // storage refused: reads may then come from a replica that is a moment behind
  }
}

/** Refuses a field the call does not take (a generic body escapes TypeScript's excess-property check). */
type Exact<P extends CallPath, B> = B & Record<Exclude<keyof B, AllKeys<CallBody<P>>>, never>;
type AllKeys<T> = T extends unknown ? keyof T : never;

export async function api<P extends OptionalBodyPath>(path: P): Promise<CallData<P>>;
export async function api<P extends CallPath, const B extends CallBody<P>>(
  path: P,
  body: Exact<P, B>,
  options?: CallOptions,
): Promise<CallData<P, B>>;
export async function api(path: CallPath, body: object = {}, options: CallOptions = {}): Promise<unknown> {
  return request(path.replace(/^\//, ''), body, options.timeoutMs);
}

/**
 * Any request, typed or not: the connectivity store's probe asks POST /api/noop (no database) through it, so that
 * its outcome is evidence like every other request's.
 */
export async function request(name: string, body: object, timeoutMs = TIMEOUT_MS): Promise<unknown> {
  const session = readUserInfo()?.session;
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, timeoutMs);
  let res: Response;
  let payload: { data?: unknown } & Partial<ErrorAnswer>;
  try {
    try {
      res = await fetch(`/api/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(session ? { 'X-Session-Token': session } : {}),
          'X-Samiti-Lang': getLocale(), // the screens' language, for a new account's emails
          ...bookmarkHeader(),
        },
        body: JSON.stringify(body),
        signal: abort.signal,
      });
    } catch {
      report(false);
      throw new ApiError('Network', t('network.error'), 0);
    }
    keepBookmark(res);
    try {
      payload = await res.json();
    } catch (e) {
      // the body never came whole (timeout, dropped link), or it is not ours (a captive portal's page: no verdict)
      if (timedOut || !(e instanceof SyntaxError)) report(false);
      throw new ApiError('Network', t('network.error'), res.status);
    }
  } finally {
    clearTimeout(timer);
  }
  report(true);
  if (!res.ok) {
    // SPEC.md section 8: InsufficientAccess wipes all local storage first.
    if (payload.error === 'InsufficientAccess') clearAll();
    // the answer names its message by key: shown from the screens' own catalogue in their language, else the
    // answer's English desc (docs/decisions/174, 195); a time param (`…At`, ms) in the screens' language (271)
    const byKey = payload.key ? tAnswered(payload.key, answerParams(payload.params)) : undefined;
    const field = typeof payload.params?.field === 'string' ? payload.params.field : null;
    throw new ApiError(payload.error ?? 'Error', byKey ?? (payload.desc || t('network.error')), res.status, field);
  }
  // a success message likewise, by its key (`data.messageKey`, `data.messageParams`)
  const data = payload.data as Partial<KeyedMessage> | undefined;
  if (typeof data?.messageKey === 'string')
    data.message = tAnswered(data.messageKey, answerParams(data.messageParams)) ?? data.message;
  return payload.data;
}

// The one call two screens make that lives here: the nav (in every page's entry) and the shop ask whether
// memberships are on sale. Every chunk imports this module from the entry already, so the shop's copy went for a
// few bytes (measured: 5-13 gzip on every page, the shop's pages -1..+8); from the nav's module, or a module of its
// own beside it, rolldown split the entry (about 730 bytes on every page). docs/decisions/272.
export const isMembershipLive = () => api('isMembershipLive');
