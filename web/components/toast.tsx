import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ToastPosition } from './toast-view';

export type { ToastPosition };

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
/**
 * `next`: the message of a navigation that follows at once ("saved, now log in"): it is shown on the next page
 * and cleared on the one after. `group`: a newer message of the same group replaces the older one (a quantity's
 * benefit note as the quantity changes) instead of stacking over it.
 */
export type ToastOptions = { next?: boolean; group?: string };
export type Toast = { id: number; kind: ToastKind; text: string; path: string | null; group?: string };

type ToastApi = {
  show: (kind: ToastKind, text: string, opts?: ToastOptions) => void;
  success: (text: string, opts?: ToastOptions) => void;
  error: (text: string, opts?: ToastOptions) => void;
  info: (text: string, opts?: ToastOptions) => void;
  warning: (text: string, opts?: ToastOptions) => void;
  /** Which edge of the screen the toasts prefer when they cover nothing there (SPEC.md section 9). */
  setPosition: (p: ToastPosition) => void;
  /** Called on every change of page: the toasts of the page left behind go, a `next` message arrives. */
  pageChanged: (pathname: string) => void;
};

export type Slots = { add: (el: HTMLElement) => void; remove: (el: HTMLElement) => void };

const ToastContext = createContext<ToastApi | null>(null);
/** The places that hold toasts in their flow register here (web/components/toast-slot.tsx). */
export const SlotContext = createContext<Slots | null>(null);

/** SPEC.md section 9: toasts close after 5000 ms. */
export const TOAST_MS = 5000;

const here = () => (typeof location === 'undefined' ? '' : location.pathname);

// How toasts are drawn and placed (web/components/toast-view.tsx) loads with the first toast, not with every page.
const ToastView = lazy(() => import('./toast-view'));

/**
 * The toasts of the app (docs/decisions/160): shown inside the open dialog or action bar that holds a
 * `ToastSlot` (web/components/toast-slot.tsx), else over the page where they cover no control; cleared on every change of page.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [position, setPosition] = useState<ToastPosition>('top-right');
  // the open dialogs and action bars that hold toasts in their own flow, the latest first in line
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (kind: ToastKind, text: string, opts: ToastOptions = {}) => {
      const id = next.current++;
      const toast: Toast = { id, kind, text, path: opts.next ? null : here(), group: opts.group };
      // the same message twice (a double tap) is shown once; at most three at a time
      setToasts((all) => [
        ...all.filter((x) => x.text !== text && (!opts.group || x.group !== opts.group)).slice(-2),
        toast,
      ]);
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo<ToastApi>(
    () => ({
      show,
      success: (x, o) => show('success', x, o),
      error: (x, o) => show('error', x, o),
      info: (x, o) => show('info', x, o),
      warning: (x, o) => show('warning', x, o),
      setPosition,
      pageChanged: (pathname) =>
        setToasts((all) =>
          all.every((x) => x.path === pathname)
            ? all
            : all.filter((x) => x.path === null || x.path === pathname).map((x) => ({ ...x, path: pathname })),
        ),
    }),
    [show],
  );
  const slotApi = useMemo<Slots>(
    () => ({
      add: (el) => setSlots((all) => [el, ...all.filter((x) => x !== el)]),
      remove: (el) => setSlots((all) => all.filter((x) => x !== el)),
    }),
    [],
  );
  return (
    <ToastContext.Provider value={value}>
      <SlotContext.Provider value={slotApi}>
        {children}
        {toasts.length > 0 ? (
          <Suspense fallback={null}>
            <ToastView
              toasts={toasts}
              slot={slots.find((el) => el.isConnected) ?? null}
              position={position}
              dismiss={dismiss}
            />
          </Suspense>
        ) : null}
      </SlotContext.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
