import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { loadScrollReturn, useScrollRestoration } from '../../lib/scroll-restoration';
import { useToast } from '../toast';

/**
 * Every navigation starts at the top of the new page, or at the element its #anchor names; Back and Forward
 * return to where the page was (web/lib/scroll-restoration.ts, docs/decisions/104 and 112). A screen that loads
 * lazily may draw the anchor's element a moment later: it is then scrolled to once it appears (for 3 s).
 */
export function ScrollManager() {
  const { hash, key, pathname } = useLocation();
  const { pageChanged } = useToast();
  useScrollRestoration();
  // toasts of the page left behind do not follow the user (docs/decisions/160)
  useEffect(() => pageChanged(pathname), [pageChanged, pathname]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (key), for its hash
  useEffect(() => {
    if (!hash) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    if (document.getElementById(id)) return; // useScrollRestoration has scrolled to it
    let stop = () => {};
    let live = true;
    void loadScrollReturn().then(({ scrollWhenItAppears }) => {
      if (live) stop = scrollWhenItAppears(id);
    });
    return () => {
      live = false;
      stop();
    };
  }, [key]);
  return null;
}
