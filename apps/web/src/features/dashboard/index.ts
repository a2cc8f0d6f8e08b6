/** The dashboard feature's public surface: the app composes it with the account (auth) it is given. */
export {
  type DashboardAccount,
  DashboardModal,
  type DashboardModalProps,
} from './components/dashboard-modal.tsx';
