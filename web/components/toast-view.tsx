// How toasts are drawn and where they go (docs/decisions/160), loaded with the first toast (web/components/toast.tsx):
// in the flow of the open dialog or action bar that holds a ToastSlot, else over the page, where they cover no
// control (a button, link, field or tab), moved again when scrolling brings one under them.
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../../core/i18n';
import type { Toast } from './toast';

/** Which edge of the screen the toasts prefer when they cover nothing there (SPEC.md section 9). */
export type ToastPosition = 'top-right' | 'bottom-center';

export default function ToastView({
  toasts,
  slot,
  position,
  dismiss,
}: {
  toasts: Toast[];
  slot: HTMLElement | null;
  position: ToastPosition;
  dismiss: (id: number) => void;
}) {
  const list = toasts.map((x) => (
    <div key={x.id} className={`toast toast-${x.kind}`} role={x.kind === 'error' ? 'alert' : 'status'}>
      <span>{x.text}</span>
      <button type="button" className="toast-close" aria-label={t('app.close')} onClick={() => dismiss(x.id)}>
        ×
      </button>
    </div>
  ));
  return slot ? (
    createPortal(<InlineToasts count={toasts.length}>{list}</InlineToasts>, slot)
  ) : (
    <FloatingToasts position={position} count={toasts.length}>
      {list}
    </FloatingToasts>
  );
}

/** Toasts in the flow of a dialog or an action bar: they push its content aside and cover nothing. */
function InlineToasts({ children, count }: { children: ReactNode; count: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // a long dialog or the pay card scrolls to show it; a sticky bar is on screen already (and scrolling to its
    // place in the page would jump to the end)
    if (count > 0 && !ref.current?.closest('[data-sticky]')) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);
  return (
    <div className="toasts toasts-inline" aria-live="polite" ref={ref}>
      {children}
    </div>
  );
}

/** Toasts over the page, placed where they cover no control. */
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
    return keepPlaced(region, position);
  }, [count, position]);
  return (
    <div className="toasts toasts-floating" aria-live="polite" ref={ref}>
      {children}
    </div>
  );
}

/**
 * Places `region` now and again whenever the window is resized, or scrolled so that a control comes under it.
 * Returns the cleanup.
 */
function keepPlaced(region: HTMLElement, position: ToastPosition): () => void {
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
  // measured at the width it will have: a first toast, laid out wider, was measured a line short and then covered
  // the button under its band (the venue card's Undo)
  region.style.width = `${width}px`;
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
