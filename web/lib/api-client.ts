// The only HTTP client: POST /api/<path> with a JSON body and X-Session-Token (DECISIONS.md, API contract).
// Typed by the call map (core/contracts/calls.ts, docs/decisions/079): the path decides the body it takes and
// the `data` it answers, so no caller names a type; the map is types only and adds nothing to the bundle.
import type { CallBody, CallData, CallPath } from '../../core/contracts/calls';
import { fromEnglish, getLocale, t } from '../../core/i18n';
import { clearAll, readUserInfo } from './session';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
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

/** The calls whose every field is optional: they may leave the body out. */
type OptionalBodyPath = { [P in CallPath]: Record<string, never> extends CallBody<P> ? P : never }[CallPath];

/** Refuses a field the call does not take (a generic body escapes TypeScript's excess-property check). */
type Exact<P extends CallPath, B> = B & Record<Exclude<keyof B, AllKeys<CallBody<P>>>, never>;
type AllKeys<T> = T extends unknown ? keyof T : never;

export async function api<P extends OptionalBodyPath>(path: P): Promise<CallData<P>>;
export async function api<P extends CallPath, const B extends CallBody<P>>(
  path: P,
  body: Exact<P, B>,
): Promise<CallData<P, B>>;
export async function api(path: CallPath, body: object = {}): Promise<unknown> {
  const session = readUserInfo()?.session;
  let res: Response;
  try {
    res = await fetch(`/api/${path.replace(/^\//, '')}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(session ? { 'X-Session-Token': session } : {}),
        'X-Samiti-Lang': getLocale(), // the screens' language, for a new account's emails (issue 16)
        ...bookmarkHeader(),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError('Network', t('network.error'), 0);
  }
  keepBookmark(res);
  let payload: { data?: unknown; error?: string; desc?: string };
  try {
    payload = await res.json();
  } catch {
    throw new ApiError('Network', t('network.error'), res.status);
  }
  if (!res.ok) {
    // SPEC.md section 8: InsufficientAccess wipes all local storage first.
    if (payload.error === 'InsufficientAccess') clearAll();
    // the server writes its descriptions in English; the Bengali interface shows the Bengali message of the
    // same key (docs/decisions/120)
    throw new ApiError(
      payload.error ?? 'Error',
      payload.desc ? fromEnglish(payload.desc) : t('network.error'),
      res.status,
    );
  }
  // a success message written by the server (`data.message`) in the screens' language, as for descriptions
  const data = payload.data as { message?: unknown } | undefined;
  if (data && typeof data === 'object' && typeof data.message === 'string') data.message = fromEnglish(data.message);
  return payload.data;
}
