import { t } from '../../core/i18n';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

type Kind = 'success' | 'error' | 'info' | 'warning';
type Toast = { id: number; kind: Kind; text: string; at: number };
export type ToastPosition = 'top-right' | 'bottom-center';

type ToastApi = {
  show: (kind: Kind, text: string) => void;
  success: (text: string) => void;
  error: (text: string) => void;
  info: (text: string) => void;
  warning: (text: string) => void;
  setPosition: (p: ToastPosition) => void;
  /** Dismisses the toasts older than a moment: called on navigation, so that they do not follow the user. */
  clearStale: () => void;
};

/** A toast shown this shortly before a navigation belongs to it ("saved, now log in") and stays. */
const FRESH_MS = 1500;

const ToastContext = createContext<ToastApi | null>(null);

/** SPEC.md section 9: toasts close after 5000 ms; top-right, bottom-center on admin and daily-pass screens. */
export const TOAST_MS = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [position, setPosition] = useState<ToastPosition>('top-right');
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (kind: Kind, text: string) => {
      const id = next.current++;
      // the same message twice (a double tap) is shown once
      setToasts((all) => [...all.filter((x) => x.text !== text).slice(-2), { id, kind, text, at: Date.now() }]);
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo<ToastApi>(
    () => ({
      show,
      success: (x) => show('success', x),
      error: (x) => show('error', x),
      info: (x) => show('info', x),
      warning: (x) => show('warning', x),
      setPosition,
      clearStale: () =>
        setToasts((all) => {
          const fresh = all.filter((x) => Date.now() - x.at < FRESH_MS);
          return fresh.length === all.length ? all : fresh;
        }),
    }),
    [show],
  );
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className={`toasts toasts-${position}`} aria-live="polite">
        {toasts.map((x) => (
          <div key={x.id} className={`toast toast-${x.kind}`} role={x.kind === 'error' ? 'alert' : 'status'}>
            <span>{x.text}</span>
            <button type="button" className="toast-close" aria-label={t('app.close')} onClick={() => dismiss(x.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
