/** The auth feature's public surface (the session, sign-in): other features and the app import from here only. */
export { useCredentialMutations } from './api/credentials.ts';
export { fetchMe, meQueryKey, meQueryOptions, useMe } from './api/get-me.ts';
export { publicConfigQueryOptions, useImageEngine, usePublicConfig } from './api/get-public-config.ts';
export { AccountStatus, type AccountStatusProps } from './components/account-status.tsx';
export { googleSignInChannel, reportGoogleSignIn } from './google-popup.ts';
export { SignInDialogProvider, useSignInDialog } from './sign-in-dialog-context.tsx';
