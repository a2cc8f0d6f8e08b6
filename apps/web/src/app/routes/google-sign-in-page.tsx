import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { googleSignInChannel, reportGoogleSignIn } from '../../features/auth/index.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** /auth/google, inside the popup: asks the server for the provider URL (PKCE, state, nonce) and goes there. */
export function GoogleSignInStartPage() {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    apiRequest<{ url: string }>('/api/auth/sign-in/social', {
      method: 'POST',
      json: {
        provider: 'google',
        callbackURL: '/auth/google/done',
        errorCallbackURL: '/auth/google/done?failed=1',
        newUserCallbackURL: '/auth/google/done',
        disableRedirect: true,
      },
    }).then(
      ({ url }) => window.location.assign(url),
      () => {
        setError(t('errors.googleFailed'));
        reportGoogleSignIn({ type: googleSignInChannel, isSignedIn: false, error: 'start-failed' });
      },
    );
  }, [t]);
  return (
    <main className="popup-page">
      <p role="status">{error ?? t('googleRedirecting')}</p>
    </main>
  );
}

/** /auth/google/done, inside the popup: the session cookie is set; tell the opener and close. */
export function GoogleSignInDonePage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const hasFailed = searchParams.has('failed') || searchParams.has('error');
  useEffect(() => {
    reportGoogleSignIn({
      type: googleSignInChannel,
      isSignedIn: !hasFailed,
      ...(hasFailed ? { error: searchParams.get('error') ?? 'failed' } : {}),
    });
    window.close();
    // Still open: this was not a popup (or the browser refused); carry on in this window.
    const fallback = window.setTimeout(() => window.location.replace('/'), 400);
    return () => window.clearTimeout(fallback);
  }, [hasFailed, searchParams]);
  return (
    <main className="popup-page">
      <p role="status">{hasFailed ? t('errors.googleFailed') : t('googleDone')}</p>
    </main>
  );
}
