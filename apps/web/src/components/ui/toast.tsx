import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { afterFirstPaint } from '../../lib/after-first-paint.ts';

export interface ToastMessage {
  title?: string;
  description: string;
  tone?: 'info' | 'success' | 'error';
}

export interface ShownToast extends ToastMessage {
  id: number;
}

// The toasts' code (Radix Toast) is not needed for the first paint: it loads when the browser is
// idle after it, or with the first toast (docs/decisions/108-app-shell-split.md).
const loadToastList = () => import('./toast-list.tsx');
const ToastList = lazy(() => loadToastList().then((module) => ({ default: module.ToastList })));

const ToastContext = createContext<((message: ToastMessage) => void) | null>(null);

/** Hosts toasts, announced politely to screen readers; errors stay longer. */
export function ToastProvider({ children, dismissLabel }: { children: ReactNode; dismissLabel: string }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => afterFirstPaint(() => setIsIdle(true)), []);
  const show = useCallback((message: ToastMessage) => {
    setToasts((current) => [...current, { ...message, id: Date.now() + Math.random() }]);
  }, []);
  const remove = useCallback(
    (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)),
    [],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {isIdle || toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastList toasts={toasts} onRemove={remove} dismissLabel={dismissLabel} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

/** Returns a function that shows a toast. */
export function useToast(): (message: ToastMessage) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside ToastProvider');
  return show;
}
