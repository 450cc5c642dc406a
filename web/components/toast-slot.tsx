// Where a dialog or an action bar holds the toasts in its own flow (docs/decisions/160); apart from toast.tsx so
// that pages without one do not load it.
import { useContext, useLayoutEffect, useRef } from 'react';
import { SlotContext } from './toast';

/**
 * A place in a dialog or an action bar where the toasts go while it is on screen, in its flow (the latest one
 * shown wins): a message about what was just done there appears beside it and covers none of its buttons.
 * `sticky`: the place is in a sticky bar, on screen already (the page is not scrolled to show it).
 */
export function ToastSlot({ sticky }: { sticky?: boolean }) {
  const slots = useContext(SlotContext);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!slots || !el) return;
    slots.add(el);
    return () => slots.remove(el);
  }, [slots]);
  return <div className="toast-slot" ref={ref} data-sticky={sticky || undefined} />;
}
