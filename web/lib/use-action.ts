import { type DependencyList, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
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

// A screen's data from a call: loaded with the screen and again on reload(), an answer that arrives after a newer
// load started (or after the screen left) dropped, and a failure said as an error toast, as useAction says it
// (SPEC.md section 8). It replaces the effects each screen wrote by hand around a state and a call. It sits with
// useAction, in the chunk the screens load already: a module of its own was a chunk of its own, whose name every
// page's entry lists (docs/decisions/196).

/** The pure part: every load takes a ticket; only the newest ticket's answer is applied. */
export function latestOnly() {
  let newest = 0;
  return {
    /** A new load: its `current()` is true until another load starts or the loads are dropped. */
    start() {
      const ticket = ++newest;
      return { current: () => ticket === newest };
    },
    /** The screen left: no answer still on its way is applied. */
    drop() {
      newest++;
    },
  };
}

export type Load<T> = {
  /** null until the first answer */
  data: T | null;
  error: ApiError | null;
  loading: boolean;
  /** Loads again (after a change); resolves when the answer is applied or dropped. */
  reload: () => Promise<void>;
  /** Replaces the data with what an action answered, without asking again. */
  setData: (next: SetStateAction<T | null>) => void;
};

export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Load<T> {
  const toast = useToast();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(true);
  const loads = useRef(latestOnly());
  const fn = useRef(load);
  fn.current = load;
  const reload = useCallback(async () => {
    const ticket = loads.current.start();
    setLoading(true);
    try {
      const answer = await fn.current();
      if (!ticket.current()) return;
      setData(() => answer);
      setError(null);
    } catch (e) {
      if (!ticket.current()) return;
      const err = e instanceof ApiError ? e : new ApiError('Error', String(e), 0);
      setError(err);
      toast.error(err.message);
    } finally {
      if (ticket.current()) setLoading(false);
    }
  }, [toast]);
  // the caller's deps say when to load again
  useEffect(() => {
    void reload();
    const { current } = loads;
    return () => current.drop();
  }, [reload, ...deps]);
  return { data, error, loading, reload, setData };
}
