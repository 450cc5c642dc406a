import { t } from '../../core/i18n';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

type Kind = 'success' | 'error' | 'info' | 'warning';
/**
 * `next`: the message of a navigation that follows at once ("saved, now log in"): it is shown on the next page
 * and cleared on the one after. `group`: a newer message of the same group replaces the older one (a quantity's
 * benefit note as the quantity changes) instead of stacking over it.
 */
export type ToastOptions = { next?: boolean; group?: string };
type Toast = { id: number; kind: Kind; text: string; path: string | null; group?: string };
export type ToastPosition = 'top-right' | 'bottom-center';

type ToastApi = {
  show: (kind: Kind, text: string, opts?: ToastOptions) => void;
  success: (text: string, opts?: ToastOptions) => void;
  error: (text: string, opts?: ToastOptions) => void;
  info: (text: string, opts?: ToastOptions) => void;
  warning: (text: string, opts?: ToastOptions) => void;
  /** Which edge of the screen the toasts prefer when they cover nothing there (SPEC.md section 9). */
  setPosition: (p: ToastPosition) => void;
  /** Called on every change of page: the toasts of the page left behind go, a `next` message arrives. */
  pageChanged: (pathname: string) => void;
};

type Slots = { add: (el: HTMLElement) => void; remove: (el: HTMLElement) => void };

const ToastContext = createContext<ToastApi | null>(null);
const SlotContext = createContext<Slots | null>(null);

/** SPEC.md section 9: toasts close after 5000 ms. */
export const TOAST_MS = 5000;

const here = () => (typeof location === 'undefined' ? '' : location.pathname);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [position, setPosition] = useState<ToastPosition>('top-right');
  // the open dialogs and action bars that hold toasts in their own flow, the latest first in line
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (kind: Kind, text: string, opts: ToastOptions = {}) => {
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
        setToasts((all) => {
          const kept = all
            .filter((x) => x.path === null || x.path === pathname)
            .map((x) => (x.path === null ? { ...x, path: pathname } : x));
          return kept.length === all.length && kept.every((x, i) => x === all[i]) ? all : kept;
        }),
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
  const slot = slots.find((el) => el.isConnected) ?? null;
  const list = toasts.map((x) => (
    <div key={x.id} className={`toast toast-${x.kind}`} role={x.kind === 'error' ? 'alert' : 'status'}>
      <span>{x.text}</span>
      <button type="button" className="toast-close" aria-label={t('app.close')} onClick={() => dismiss(x.id)}>
        ×
      </button>
    </div>
  ));
  return (
    <ToastContext.Provider value={value}>
      <SlotContext.Provider value={slotApi}>
        {children}
        {slot ? (
          toasts.length > 0 && createPortal(<InlineToasts count={toasts.length}>{list}</InlineToasts>, slot)
        ) : (
          <FloatingToasts position={position} count={toasts.length}>
            {list}
          </FloatingToasts>
        )}
      </SlotContext.Provider>
    </ToastContext.Provider>
  );
}

/** Toasts in the flow of a dialog or an action bar: they push its content aside and cover nothing. */
function InlineToasts({ children, count }: { children: ReactNode; count: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // a long dialog or the pay card scrolls to show it; a sticky bar is on screen already (and scrolling to its
    // place in the page would jump to the end)
    if (count > 0 && ref.current && !inStickyBox(ref.current)) ref.current.scrollIntoView?.({ block: 'nearest' });
  }, [count]);
  return (
    <div className="toasts toasts-inline" aria-live="polite" ref={ref}>
      {children}
    </div>
  );
}

function inStickyBox(el: HTMLElement): boolean {
  for (let e: HTMLElement | null = el; e; e = e.parentElement) {
    const position = getComputedStyle(e).position;
    if (position === 'sticky' || position === 'fixed') return true;
  }
  return false;
}

/**
 * Toasts over the page: placed at the preferred edge when they cover no control there (button, link, field,
 * tab), else in the nearest band of the screen between the sticky bar and the bottom that holds none, and
 * moved again when scrolling brings a control under them (docs/decisions/160).
 */
function FloatingToasts({
  children,
  position,
  count,
}: {
  children: ReactNode;
  position: ToastPosition;
  count: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const region = ref.current;
    if (!region || count === 0) return;
    let frame = 0;
    const update = (force: boolean) => {
      const box = region.getBoundingClientRect();
      if (!force && !coversControl(region, box.left, box.top, box.width, box.height)) return;
      const p = placeToasts(region, position);
      region.style.top = `${p.top}px`;
      region.style.left = `${p.left}px`;
      region.style.width = `${p.width}px`;
    };
    update(true);
    const onMove = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => update(false));
    };
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => update(true));
    };
    window.addEventListener('scroll', onMove, { passive: true });
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onMove);
      window.removeEventListener('resize', onResize);
    };
  }, [count, position]);
  return (
    <div className={`toasts toasts-floating${count === 0 ? ' toasts-empty' : ''}`} aria-live="polite" ref={ref}>
      {children}
    </div>
  );
}

const CONTROLS = 'button, a[href], input, select, textarea, summary, [role="tab"], [tabindex="0"]';
const GAP = 8;

/** The boxes of the controls on screen that a band from x to x + width would meet, outside the toasts. */
function controlBoxes(region: HTMLElement, x: number, width: number): DOMRect[] {
  const out: DOMRect[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (region.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
    if (r.right <= x || r.left >= x + width) continue;
    out.push(r);
  }
  return out;
}

function coversControl(region: HTMLElement, x: number, y: number, width: number, height: number): boolean {
  return controlBoxes(region, x, width).some((r) => r.bottom > y && r.top < y + height);
}

/** Where the toasts go: a band as wide as they are, as near the preferred edge as covers no control. */
export function placeToasts(region: HTMLElement, position: ToastPosition) {
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const phone = vw <= 600;
  const width = phone ? vw - 2 * 12 : Math.min(420, vw - 32);
  const left = phone ? 12 : position === 'bottom-center' ? (vw - width) / 2 : vw - 16 - width;
  const height = region.offsetHeight;
  const bar = document.querySelector('header.nav')?.getBoundingClientRect();
  const top = Math.max(0, bar?.bottom ?? 0) + GAP;
  const bottom = vh - GAP;
  // the free vertical bands between the controls that the toasts' columns meet
  const boxes = controlBoxes(region, left, width)
    .map((r) => [r.top - GAP, r.bottom + GAP] as const)
    .sort((a, b) => a[0] - b[0]);
  const free: [number, number][] = [];
  let from = top;
  for (const [a, b] of boxes) {
    if (a > from) free.push([from, Math.min(a, bottom)]);
    from = Math.max(from, b);
  }
  if (from < bottom) free.push([from, bottom]);
  const fits = free.filter(([a, b]) => b - a >= height);
  const preferBottom = phone || position === 'bottom-center';
  const band = preferBottom ? fits.at(-1) : fits[0];
  // nothing free (a screen full of controls): the preferred edge, as before
  const y = band ? (preferBottom ? band[1] - height : band[0]) : preferBottom ? bottom - height : top;
  return { top: Math.max(top, y), left, width };
}

/**
 * A place in a dialog or an action bar where the toasts go while it is on screen, in its flow (the latest one
 * shown wins): a message about what was just done there appears beside it and covers none of its buttons.
 */
export function ToastSlot() {
  const slots = useContext(SlotContext);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!slots || !el) return;
    slots.add(el);
    return () => slots.remove(el);
  }, [slots]);
  return <div className="toast-slot" ref={ref} />;
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
