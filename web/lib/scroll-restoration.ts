// Scroll positions across navigations, as react-router's <ScrollRestoration> keeps them, for the declarative
// router (docs/decisions/112): a new page starts at the top or at its #anchor; Back, Forward and a reload return
// to where that history entry was. Positions are kept per history entry (location.key) in sessionStorage.
// A page often comes back shorter than it was (a cart turned into an order, a search not repeated) or its data
// arrives after the first paint: the position returned to is never below the page's content, and it follows the
// content as it arrives until the reader scrolls (docs/decisions/161).
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
      return returnTo(saved);
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
function returnTo(target: number): () => void {
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
