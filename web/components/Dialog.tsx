import { t } from '../../core/i18n';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { ToastSlot } from './toast-slot';
import './dialog.css';

/**
 * The one modal dialog: labelled by its title, focus moves to its first field or action and back on close,
 * Escape or a click on the backdrop closes it, and a × button unless the dialog has its own Close action.
 * Toasts shown while it is open appear inside it, below its content.
 */
export function Dialog({
  title,
  onClose,
  children,
  className,
  closeButton = true,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  closeButton?: boolean;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('input, select, textarea, button:not([data-dialog-x]), a');
    (first ?? ref.current)?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close.current();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, []);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is a pointer shortcut; Escape and Close do the same
    <div className="dialog-backdrop" role="presentation" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={className ? `dialog ${className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        tabIndex={-1}
        ref={ref}
      >
        <div className="dialog-head">
          <h2 id={id}>{title}</h2>
          {closeButton && (
            <button
              type="button"
              className="btn btn-ghost icon-btn"
              aria-label={t('app.close')}
              data-dialog-x
              onClick={onClose}
            >
              ×
            </button>
          )}
        </div>
        {children}
        {/* what the dialog's buttons answer appears here, under them, not over them (docs/decisions/160) */}
        <ToastSlot />
      </div>
    </div>
  );
}
