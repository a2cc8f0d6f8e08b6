import { Toast } from 'radix-ui';
import { Button } from './button.tsx';
import type { ShownToast } from './toast.tsx';

/** The toasts themselves and their viewport, with Radix Toast (loaded on demand by toast.tsx). */
export function ToastList({
  toasts,
  onRemove,
  dismissLabel,
}: {
  toasts: ShownToast[];
  onRemove(id: number): void;
  dismissLabel: string;
}) {
  return (
    <Toast.Provider swipeDirection="right">
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          className={`ui-toast ui-toast--${toast.tone ?? 'info'}`}
          duration={toast.tone === 'error' ? 8000 : 4000}
          type={toast.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) onRemove(toast.id);
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
  );
}
