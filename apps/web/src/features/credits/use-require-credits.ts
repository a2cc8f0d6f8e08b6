import { useCallback } from 'react';
import { useMe, useSignInDialog } from '../auth/index.ts';
import { usePurchaseDialog } from './purchase-dialog-context.tsx';

/** What stops a paid action: the visitor is signed out, or holds no credits. */
export type CreditBlocker = 'signIn' | 'noCredits';

/**
 * The one sign-in and credit check before a paid action (docs/product.md, Credits and tiers):
 * a signed-out visitor gets the sign-in dialog, a user without credits the purchase dialog,
 * each with the reason the caller gives. The server checks again; this saves a round trip.
 */
export function useRequireCredits() {
  const me = useMe();
  const { openSignIn } = useSignInDialog();
  const { openPurchase } = usePurchaseDialog();
  const profile = me.data;
  const isCheckingAccount = me.isPending;

  /** Opens sign-in (with `reason`) when signed out; true when the visitor may go on. */
  const requireSignIn = useCallback(
    (reason?: string) => {
      if (profile) return true;
      openSignIn(reason);
      return false;
    },
    [profile, openSignIn],
  );

  /** Sign-in, then a positive balance: null when the action may go on, else what stopped it. */
  const requireCredits = useCallback(
    (reasons: { signIn?: string; noCredits?: string } = {}): CreditBlocker | null => {
      if (!profile) {
        openSignIn(reasons.signIn);
        return 'signIn';
      }
      if (profile.balance <= 0) {
        openPurchase(reasons.noCredits);
        return 'noCredits';
      }
      return null;
    },
    [profile, openSignIn, openPurchase],
  );

  return { isSignedIn: Boolean(profile), isCheckingAccount, requireSignIn, requireCredits };
}
