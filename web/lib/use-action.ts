import { useCallback, useRef, useState } from 'react';
import { useToast } from '../components/toast';
import { ApiError } from './api-client';

/**
 * Runs an API action once at a time (a double click does nothing the second time) and shows the
 * server's desc as an error toast by default (SPEC.md section 8). A caller may pass its own handler.
 */
export function useAction() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(
    async <T>(fn: () => Promise<T>, onError?: (e: ApiError) => void): Promise<T | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      try {
        return await fn();
      } catch (e) {
        const err = e instanceof ApiError ? e : new ApiError('Error', String(e), 0);
        if (onError) onError(err);
        else toast.error(err.message);
        return undefined;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [toast],
  );
  return { run, busy };
}
