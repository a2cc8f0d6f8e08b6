import { lazy, Suspense, useState } from 'react';
import { AccountStatus, useCredentialMutations, useMe, useSignInDialog } from '../../features/auth/index.ts';

// The dashboard loads when first opened (docs/decisions/104-app-shell.md).
const DashboardModal = lazy(() =>
  import('../../features/dashboard/index.ts').then((module) => ({ default: module.DashboardModal })),
);

/**
 * The header's account corner: the auth feature's status button opens the dashboard feature's
 * modal, fed with the session. The wiring lives here so that auth and dashboard never import
 * each other (docs/decisions/040-web-feature-boundaries.md).
 */
export function AccountMenu() {
  const [isDashboardOpen, setIsDashboardOpen] = useState(false);
  // Mounted from the first opening on, so that closing keeps its animation and state.
  const [wasDashboardOpened, setWasDashboardOpened] = useState(false);
  const me = useMe();
  const { signOut } = useCredentialMutations();
  const { openSignIn } = useSignInDialog();
  return (
    <>
      <AccountStatus
        onOpenDashboard={() => {
          setWasDashboardOpened(true);
          setIsDashboardOpen(true);
        }}
      />
      {wasDashboardOpened ? (
        <Suspense fallback={null}>
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
        </Suspense>
      ) : null}
    </>
  );
}
