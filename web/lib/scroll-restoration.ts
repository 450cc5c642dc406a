// Scroll positions across navigations, as react-router's <ScrollRestoration> keeps them, for the declarative
// router (docs/decisions/112): a new page starts at the top or at its #anchor; Back, Forward and a reload return
// to where that history entry was. Positions are kept per history entry (location.key) in sessionStorage.
// A page often comes back shorter than it was (a cart turned into an order, a search not repeated) or its data
// arrives after the first paint: the position returned to is never below the page's content, and it follows the
// content as it arrives until the reader scrolls (web/lib/scroll-return.ts, docs/decisions/161).
import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORE = 'scroll-positions';
let positions: Record<string, number> | null = null;

function load(): Record<string, number> {
  if (positions) return positions;
  try {
    positions = JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
  return positions;
}

function persist() {
  try {
    sessionStorage.setItem(STORE, JSON.stringify(load()));
  } catch {
    // storage full or refused: positions live for this page only
  }
}

/** The scrolling that waits for the page's content (web/lib/scroll-return.ts), loaded when first needed. */
export const loadScrollReturn = () => import('./scroll-return');

export function useScrollRestoration() {
  const { key, hash } = useLocation();
  const type = useNavigationType();

  // Recorded as the page scrolls (by the time a navigation is seen, the next page may already be drawn).
  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        load()[key] = window.scrollY;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
      persist();
    };
  }, [key]);

  useLayoutEffect(() => {
    const saved = load()[key];
    if (type === 'POP' && saved !== undefined) {
      // at once where it was; then, once its small module is in, kept within the content as it arrives
      window.scrollTo(0, saved);
      let stop = () => {};
      let live = true;
      void loadScrollReturn().then(({ returnTo }) => {
        if (live) stop = returnTo(saved);
      });
      return () => {
        live = false;
        stop();
      };
    } else if (hash) {
      let el: HTMLElement | null = null;
      try {
        el = document.getElementById(decodeURIComponent(hash.slice(1)));
      } catch {
        // a malformed anchor: stay at the top
      }
      if (el) el.scrollIntoView();
      else if (type !== 'POP') window.scrollTo(0, 0);
    } else if (type !== 'POP') {
      window.scrollTo(0, 0);
    }
  }, [key, hash, type]);
}
