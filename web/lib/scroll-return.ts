// Scrolling that waits for the page's content, loaded when needed rather than with every page: a return to a
// position that stays within the content (docs/decisions/161, web/lib/scroll-restoration.ts), and an #anchor whose
// element a lazy screen draws a moment later (docs/decisions/104, web/components/layout/ScrollManager.tsx).

/**
 * The furthest a reader can usefully be scrolled: the page's end, less the empty stretch that `main`'s minimum
 * height adds below a short screen (it keeps the footer below the fold), so that a return never shows only blank.
 */
function usefulMaxScroll(): number {
  const doc = document.documentElement;
  const main = document.getElementById('main');
  let blank = 0;
  if (main) {
    const box = main.getBoundingClientRect();
    let end = box.top;
    for (const child of main.children) end = Math.max(end, child.getBoundingClientRect().bottom);
    blank = Math.max(0, box.bottom - end);
  }
  return Math.max(0, doc.scrollHeight - window.innerHeight - blank);
}

/** How long a return follows the page's content as it arrives (its data, a lazy screen). */
const FOLLOW_MS = 3000;

/**
 * Scrolls back to `target`, or as near as the page's content allows, and keeps doing so while the content
 * changes for a moment, until the reader scrolls themselves. Returns the cleanup.
 */
export function returnTo(target: number): () => void {
  const go = () => window.scrollTo(0, Math.min(target, usefulMaxScroll()));
  go();
  const main = document.getElementById('main');
  if (!main || typeof ResizeObserver === 'undefined') return () => {};
  const sizes = new ResizeObserver(go);
  const changes = new MutationObserver(go);
  sizes.observe(main);
  for (const child of main.children) sizes.observe(child);
  changes.observe(main, { childList: true, subtree: true });
  const stop = () => {
    sizes.disconnect();
    changes.disconnect();
    clearTimeout(timer);
    for (const e of READER_INPUT) window.removeEventListener(e, stop);
  };
  const timer = setTimeout(stop, FOLLOW_MS);
  for (const e of READER_INPUT) window.addEventListener(e, stop, { passive: true });
  return stop;
}

const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Scrolls to the element `id` once it appears (for up to 3 s). Returns the cleanup. */
export function scrollWhenItAppears(id: string): () => void {
  const observer = new MutationObserver(() => {
    const el = document.getElementById(id);
    if (el) {
      observer.disconnect();
      el.scrollIntoView();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const stop = setTimeout(() => observer.disconnect(), FOLLOW_MS);
  return () => {
    observer.disconnect();
    clearTimeout(stop);
  };
}
