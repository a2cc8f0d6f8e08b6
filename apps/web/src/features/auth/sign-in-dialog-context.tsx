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
import { usePublicConfig } from './api/get-public-config.ts';

// The sign-in modal is a dialog, not part of the first paint: its chunk is fetched once the app
// is idle after the first paint, so it is there by the time anyone opens it, and on its own
// if it is opened sooner (docs/decisions/108-app-shell-split.md).
const loadSignInModal = () => import('./components/sign-in-modal.tsx');
const SignInModal = lazy(() => loadSignInModal().then((module) => ({ default: module.SignInModal })));

interface SignInDialogState {
  /** Opens the sign-in modal, optionally with a sentence saying why it is needed. */
  openSignIn(reason?: string): void;
}

const SignInDialogContext = createContext<SignInDialogState | null>(null);

/** Hosts the one sign-in modal that the header and every sign-in-gated action open. */
export function SignInDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const [reason, setReason] = useState<string | undefined>();
  const openSignIn = useCallback((why?: string) => {
    setReason(why);
    setWasOpened(true);
    setIsOpen(true);
  }, []);
  const value = useMemo(() => ({ openSignIn }), [openSignIn]);
  useEffect(() => afterFirstPaint(loadSignInModal), []);
  // Fetched from the start, as when the modal was always mounted, so that it opens with its
  // Google button already decided.
  usePublicConfig();
  return (
    <SignInDialogContext.Provider value={value}>
      {children}
      {wasOpened ? (
        <Suspense fallback={null}>
          <SignInModal open={isOpen} onOpenChange={setIsOpen} reason={reason} />
        </Suspense>
      ) : null}
    </SignInDialogContext.Provider>
  );
}

export function useSignInDialog(): SignInDialogState {
  const state = useContext(SignInDialogContext);
  if (!state) throw new Error('useSignInDialog must be used inside SignInDialogProvider');
  return state;
}
