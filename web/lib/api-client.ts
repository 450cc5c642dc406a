// The only HTTP client: POST /api/<path> with a JSON body and X-Session-Token (DECISIONS.md, API contract).
import { t } from '../../core/i18n';
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

export async function api<T>(path: string, body: object = {}): Promise<T> {
  const session = readUserInfo()?.session;
  let res: Response;
  try {
    res = await fetch(`/api/${path.replace(/^\//, '')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(session ? { 'X-Session-Token': session } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError('Network', t('network.error'), 0);
  }
  let payload: { data?: T; error?: string; desc?: string };
  try {
    payload = await res.json();
  } catch {
    throw new ApiError('Network', t('network.error'), res.status);
  }
  if (!res.ok) {
    // SPEC.md section 8: InsufficientAccess wipes all local storage first.
    if (payload.error === 'InsufficientAccess') clearAll();
    throw new ApiError(payload.error ?? 'Error', payload.desc ?? t('network.error'), res.status);
  }
  return payload.data as T;
}
