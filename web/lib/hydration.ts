// Whether a component draws the prerendered HTML: at build time (web/prerender) and while the browser hydrates that
// HTML (docs/decisions/112, 116, 171). Browser-only state (the stored session, the gallery's random photo) is drawn
// once it turns false.
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * True while this component is drawn at build time or hydrated from that HTML, false in every render of its own
 * on the client. It turns false in a transition, which React renders in slices with the browser free in between:
 * each component switches after its own part of the page is hydrated (the parts hydrate one at a time), and
 * only the components that use it draw again.
 */
export function useDrawingHtml(): boolean {
  // the one way to tell a hydrating render from a client render: the server snapshot is used only in the former
  // (after hydration React renders this component once more, with the same result: `drawing` is still true)
  const hydrating = useSyncExternalStore(
    nothingToWatch,
    () => false,
    () => true,
  );
  const [drawing, setDrawing] = useState(hydrating);
  useEffect(() => {
    if (drawing) startTransition(() => setDrawing(false));
  }, [drawing]);
  return drawing;
}
