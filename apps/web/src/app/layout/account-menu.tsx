import { useState } from 'react';
import { AccountStatus, useCredentialMutations, useMe, useSignInDialog } from '../../features/auth/index.ts';
import { DashboardModal } from '../../features/dashboard/index.ts';

/**
 * The header's account corner: the auth feature's status button opens the dashboard feature's
 * modal, fed with the session. The wiring lives here so that auth and dashboard never import
 * each other (docs/decisions/040-web-feature-boundaries.md).
 */
export function AccountMenu() {
  const [isDashboardOpen, setIsDashboardOpen] = useState(false);
  const me = useMe();
  const { signOut } = useCredentialMutations();
  const { openSignIn } = useSignInDialog();
  return (
    <>
      <AccountStatus onOpenDashboard={() => setIsDashboardOpen(true)} />
      <DashboardModal
        open={isDashboardOpen}
        onOpenChange={setIsDashboardOpen}
        account={{
          profile: me.data,
          isLoading: me.isPending,
          signOut: () => signOut.mutateAsync(),
          isSigningOut: signOut.isPending,
          openSignIn: () => openSignIn(),
        }}
      />
    </>
  );
}
