import { Toast } from 'radix-ui';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { Button } from './button.tsx';

export interface ToastMessage {
  title?: string;
  description: string;
  tone?: 'info' | 'success' | 'error';
}

interface ShownToast extends ToastMessage {
  id: number;
}

const ToastContext = createContext<((message: ToastMessage) => void) | null>(null);

/** Hosts toasts, announced politely to screen readers; errors stay longer. */
export function ToastProvider({ children, dismissLabel }: { children: ReactNode; dismissLabel: string }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
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
      <Toast.Provider swipeDirection="right">
        {children}
        {toasts.map((toast) => (
          <Toast.Root
            key={toast.id}
            className={`ui-toast ui-toast--${toast.tone ?? 'info'}`}
            duration={toast.tone === 'error' ? 8000 : 4000}
            type={toast.tone === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) remove(toast.id);
            }}
          >
            <div className="ui-toast__body">
              {toast.title ? <Toast.Title className="ui-toast__title">{toast.title}</Toast.Title> : null}
              <Toast.Description>{toast.description}</Toast.Description>
            </div>
            <Toast.Close asChild>
              <Button variant="ghost" size="small" aria-label={dismissLabel}>
                <span aria-hidden="true">✕</span>
              </Button>
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="ui-toast-viewport" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

/** Returns a function that shows a toast. */
export function useToast(): (message: ToastMessage) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside ToastProvider');
  return show;
}
