// Whether the screens are drawing the prerendered HTML: at build time (web/prerender, no provider: true) and
// during the browser's hydration of that HTML, until React has taken the page over (docs/decisions/112, 116, 171).
// Browser-only state (the stored session, the gallery's random photo) is shown once this turns false.
import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

const DrawingHtml = createContext(true);

/** True while the page must draw exactly what was prerendered. */
export function useDrawingHtml(): boolean {
  return useContext(DrawingHtml);
}

/**
 * Around the app in the browser. `hydrating`: the page arrived prerendered and React hydrates it. Once hydrated,
 * the browser-only state is drawn in a transition: React renders it in slices with the browser free in between,
 * where an external store's own server snapshot (useSyncExternalStore) would have re-rendered every reader in
 * one blocking task right after hydration.
 */
export function HydrationState({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [drawing, setDrawing] = useState(hydrating);
  useEffect(() => {
    if (drawing) startTransition(() => setDrawing(false));
  }, [drawing]);
  return <DrawingHtml.Provider value={drawing}>{children}</DrawingHtml.Provider>;
}
