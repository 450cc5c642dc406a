import { type ReactNode, useEffect, useId, useRef } from 'react';

/** A modal dialog: labelled by its title, Escape or the backdrop closes it, focus moves into it. */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('input, button, a, select')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [onClose]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes, Escape does the same for keyboards
    <div className="dialog-backdrop" role="presentation" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={id} ref={ref}>
        <div className="ct-dialog-head">
          <h2 id={id}>{title}</h2>
          <button type="button" className="btn btn-ghost icon-btn" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** The minus / quantity / plus control of a plan or pass card. */
export function Stepper({
  name,
  qty,
  max,
  onChange,
}: {
  name: string;
  qty: number;
  max: number;
  onChange: (qty: number) => void;
}) {
  return (
    <div className="ct-stepper">
      <button
        type="button"
        className="btn btn-small"
        aria-label={`Remove one ${name}`}
        disabled={qty <= 0}
        onClick={() => onChange(qty - 1)}
      >
        −
      </button>
      <output aria-live="polite" aria-label={`${name} quantity`}>
        {qty}
      </output>
      <button
        type="button"
        className="btn btn-small"
        aria-label={`Add one ${name}`}
        disabled={qty >= max}
        onClick={() => onChange(qty + 1)}
      >
        +
      </button>
    </div>
  );
}
