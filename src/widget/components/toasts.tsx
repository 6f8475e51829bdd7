/**
 * Toasts (SPEC §4, §8, §9): short messages that show for 3000 ms and then hide. Error toasts are
 * alerts (`role="alert"`); success and info toasts are read out by a polite live region. They go
 * into the shell's `#message-root` (SPEC §2, itself a polite live region), or into a polite region
 * of their own where the page has none.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n';
import '../styles/interactions.css';
import { holeContext } from '../reader/reader';

/** SPEC §9: a toast shows for 3000 ms. */
export const TOAST_DURATION_MS = 3000;
/** Older toasts give way when more than this many are on screen. */
const MAX_TOASTS = 3;

/** SPEC §8: the three kinds of toast. */
export type ToastKind = 'success' | 'info' | 'error';

/** A toast to show; `message` is already translated (or a key the caller translated). */
export interface ToastInput {
  kind: ToastKind;
  message: string;
}

interface Toast extends ToastInput {
  id: number;
}

/** `show` puts a toast up and returns its id; `dismiss` takes it down before its time. */
export interface ToastApi {
  show(toast: ToastInput): number;
  dismiss(id: number): void;
}

const ToastContext = holeContext(createContext<ToastApi | null>(null));

let nextId = 1;

function ToastIcon({ kind }: { kind: ToastKind }) {
  const path = {
    success: 'M5 12.5l4.5 4.5L19 7.5',
    info: 'M12 11v6M12 7.5v.01',
    error: 'M12 7v6M12 16.5v.01',
  }[kind];
  return (
    <svg className="toast__icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d={path} stroke="#fff" strokeWidth="2.2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const { id } = toast;
  // SPEC §4: hides after 3000 ms; the timer goes with the toast, so none outlives it.
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [id, onDismiss]);
  return (
    <div
      className={`toast is-${toast.kind}`}
      // SPEC §8: error toasts are alerts; the others are read by the polite region around them.
      role={toast.kind === 'error' ? 'alert' : undefined}
      data-kind={toast.kind}
    >
      <ToastIcon kind={toast.kind} />
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="ui-icon-button toast__dismiss"
        aria-label={t('ui.dismiss')}
        onClick={() => onDismiss(id)}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M6 6l12 12M18 6L6 18"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </div>
  );
}

/**
 * Lets everything below it show toasts. `rootId` is the live region they render into (default
 * the shell's `#message-root`).
 */
export function ToastProvider({
  children,
  rootId = 'message-root',
}: {
  children: ReactNode;
  rootId?: string;
}) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  // Looked up after hydration (undefined until then, so the server's HTML and the first client
  // render agree). Without the shell's root, a polite region of its own goes up at once: a live
  // region must be in the page before the message put into it.
  const [root, setRoot] = useState<HTMLElement | null | undefined>(undefined);
  useEffect(() => setRoot(document.getElementById(rootId)), [rootId]);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback((toast: ToastInput) => {
    const id = nextId++;
    setToasts((current) => [...current, { ...toast, id }].slice(-MAX_TOASTS));
    return id;
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  const list = toasts.map((toast) => (
    <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
  ));
  return (
    <ToastContext.Provider value={api}>
      {children}
      {root === null ? (
        <div className="toasts" aria-live="polite">
          {list}
        </div>
      ) : root && toasts.length > 0 ? (
        createPortal(<div className="toasts">{list}</div>, root)
      ) : null}
    </ToastContext.Provider>
  );
}

/** `show({ kind, message })` and `dismiss(id)`, for any component under a `ToastProvider`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider above it');
  return api;
}
