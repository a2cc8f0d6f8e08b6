import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { SignInModal } from './components/sign-in-modal.tsx';

interface SignInDialogState {
  /** Opens the sign-in modal, optionally with a sentence saying why it is needed. */
  openSignIn(reason?: string): void;
}

const SignInDialogContext = createContext<SignInDialogState | null>(null);

/** Hosts the one sign-in modal that the header and every sign-in-gated action open. */
export function SignInDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState<string | undefined>();
  const openSignIn = useCallback((why?: string) => {
    setReason(why);
    setIsOpen(true);
  }, []);
  const value = useMemo(() => ({ openSignIn }), [openSignIn]);
  return (
    <SignInDialogContext.Provider value={value}>
      {children}
      <SignInModal open={isOpen} onOpenChange={setIsOpen} reason={reason} />
    </SignInDialogContext.Provider>
  );
}

export function useSignInDialog(): SignInDialogState {
  const state = useContext(SignInDialogContext);
  if (!state) throw new Error('useSignInDialog must be used inside SignInDialogProvider');
  return state;
}
