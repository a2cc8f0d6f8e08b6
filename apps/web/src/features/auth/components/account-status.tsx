import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useCredentialMutations } from '../api/credentials.ts';
import { useMe } from '../api/get-me.ts';
import { useSignInDialog } from '../sign-in-dialog-context.tsx';

function formatCredits(balance: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(balance);
}

/** Header corner: the sign-in button, or the dashboard icon and the balance once signed in. */
export function AccountStatus() {
  const { t, i18n } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const me = useMe();
  const { openSignIn } = useSignInDialog();
  const { signOut } = useCredentialMutations();
  const showToast = useToast();
  const [isAccountOpen, setIsAccountOpen] = useState(false);

  if (!me.data) {
    return (
      <Button variant="primary" onClick={() => openSignIn()} disabled={me.isPending}>
        {tCommon('header.signIn')}
      </Button>
    );
  }
  const profile = me.data;
  const language = i18n.resolvedLanguage ?? 'en';
  const credits = formatCredits(profile.balance, language);
  const fullName = [profile.fname, profile.lname].filter(Boolean).join(' ');

  async function handleSignOut() {
    await signOut.mutateAsync();
    setIsAccountOpen(false);
    showToast({ description: t('signedOut') });
  }

  return (
    <>
      <Button variant="ghost" size="icon" aria-label={t('dashboard')} onClick={() => setIsAccountOpen(true)}>
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <rect x="3" y="3" width="7" height="9" rx="1.5" />
          <rect x="14" y="3" width="7" height="5" rx="1.5" />
          <rect x="14" y="12" width="7" height="9" rx="1.5" />
          <rect x="3" y="16" width="7" height="5" rx="1.5" />
        </svg>
      </Button>
      <output className="credit-balance" aria-label={t('balanceLabel', { credits })}>
        <span aria-hidden="true">{t('balance', { credits })}</span>
      </output>
      <Modal
        open={isAccountOpen}
        onOpenChange={setIsAccountOpen}
        title={t('dashboard')}
        closeLabel={tCommon('ui.close')}
      >
        <dl className="profile-summary">
          <dt>{t('email')}</dt>
          <dd>{profile.email}</dd>
          {fullName ? (
            <>
              <dt>{t('name')}</dt>
              <dd>{fullName}</dd>
            </>
          ) : null}
          {profile.companyName ? (
            <>
              <dt>{t('companyName')}</dt>
              <dd>{profile.companyName}</dd>
            </>
          ) : null}
          <dt>{t('package')}</dt>
          <dd>{profile.packageTier === 'paid' ? t('packagePaid') : t('packageFree')}</dd>
          <dt>{t('credits')}</dt>
          <dd>{credits}</dd>
          <dt>{t('lastPurchase')}</dt>
          <dd>
            {profile.lastPurchaseAt
              ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(
                  new Date(profile.lastPurchaseAt),
                )
              : t('never')}
          </dd>
        </dl>
        <Button variant="secondary" onClick={handleSignOut} disabled={signOut.isPending}>
          {t('signOut')}
        </Button>
      </Modal>
    </>
  );
}
