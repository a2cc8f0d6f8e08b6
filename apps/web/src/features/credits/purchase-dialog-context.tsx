import { useQueryClient } from '@tanstack/react-query';
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
import { useTranslation } from 'react-i18next';
import { creditRefusalMessage } from './credit-refusal.ts';

// The purchase modal loads the first time it opens (docs/decisions/104-app-shell.md).
const PurchaseModal = lazy(() =>
  import('./components/purchase-modal.tsx').then((module) => ({ default: module.PurchaseModal })),
);

interface PurchaseDialogState {
  /**
   * Opens the purchase modal (docs/product.md, Plans and payments), optionally with a sentence saying why, such as
   * "No credits available". Signed-out visitors are asked to sign in from inside it.
   */
  openPurchase(reason?: string): void;
}

const PurchaseDialogContext = createContext<PurchaseDialogState | null>(null);

/** Hosts the one purchase modal that the header and every "No credits available" open. */
export function PurchaseDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const [reason, setReason] = useState<string | undefined>();
  const openPurchase = useCallback((why?: string) => {
    setReason(why);
    setWasOpened(true);
    setIsOpen(true);
  }, []);
  const value = useMemo(() => ({ openPurchase }), [openPurchase]);
  const queryClient = useQueryClient();
  const { t } = useTranslation('credits');

  // The one place a NO_CREDITS refusal is handled (docs/product.md, Credits and tiers): any
  // request the server refuses with it, through a query or a mutation, opens this modal with
  // the refusal worded by code and details. Callers only show the same words inline if they like.
  useEffect(() => {
    const openOnNoCredits = (error: unknown) => {
      const reason = creditRefusalMessage(error, t);
      if (reason !== null) openPurchase(reason);
    };
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') openOnNoCredits(event.action.error);
    });
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') openOnNoCredits(event.action.error);
    });
    return () => {
      unsubscribeMutations();
      unsubscribeQueries();
    };
  }, [queryClient, openPurchase, t]);
  return (
    <PurchaseDialogContext.Provider value={value}>
      {children}
      {wasOpened ? (
        <Suspense fallback={null}>
          <PurchaseModal open={isOpen} onOpenChange={setIsOpen} reason={reason} />
        </Suspense>
      ) : null}
    </PurchaseDialogContext.Provider>
  );
}

export function usePurchaseDialog(): PurchaseDialogState {
  const state = useContext(PurchaseDialogContext);
  if (!state) throw new Error('usePurchaseDialog must be used inside PurchaseDialogProvider');
  return state;
}
