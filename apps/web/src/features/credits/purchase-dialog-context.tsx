import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { PurchaseModal } from './components/purchase-modal.tsx';

interface PurchaseDialogState {
  /**
   * Opens the purchase modal (SPEC §2), optionally with a sentence saying why, such as
   * "No credits available". Signed-out visitors are asked to sign in from inside it.
   */
  openPurchase(reason?: string): void;
}

const PurchaseDialogContext = createContext<PurchaseDialogState | null>(null);

/** Hosts the one purchase modal that the header and every "No credits available" open. */
export function PurchaseDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState<string | undefined>();
  const openPurchase = useCallback((why?: string) => {
    setReason(why);
    setIsOpen(true);
  }, []);
  const value = useMemo(() => ({ openPurchase }), [openPurchase]);
  return (
    <PurchaseDialogContext.Provider value={value}>
      {children}
      <PurchaseModal open={isOpen} onOpenChange={setIsOpen} reason={reason} />
    </PurchaseDialogContext.Provider>
  );
}

export function usePurchaseDialog(): PurchaseDialogState {
  const state = useContext(PurchaseDialogContext);
  if (!state) throw new Error('usePurchaseDialog must be used inside PurchaseDialogProvider');
  return state;
}
