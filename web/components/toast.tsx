import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

type Kind = 'success' | 'error' | 'info' | 'warning';
type Toast = { id: number; kind: Kind; text: string };
export type ToastPosition = 'top-right' | 'bottom-center';

type ToastApi = {
  show: (kind: Kind, text: string) => void;
  success: (text: string) => void;
  error: (text: string) => void;
  info: (text: string) => void;
  warning: (text: string) => void;
  setPosition: (p: ToastPosition) => void;
};

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
      setToasts((all) => [...all.slice(-4), { id, kind, text }]);
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
            <button type="button" className="toast-close" aria-label="Close" onClick={() => dismiss(x.id)}>
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
