import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useMe } from '../api/get-me.ts';
import { useSignInDialog } from '../sign-in-dialog-context.tsx';

function formatCredits(balance: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(balance);
}

export interface AccountStatusProps {
  /** The dashboard icon's action: the app decides what it opens (the dashboard feature). */
  onOpenDashboard(): void;
}

/** Header corner: the sign-in button, or the dashboard icon and the balance once signed in. */
export function AccountStatus({ onOpenDashboard }: AccountStatusProps) {
  const { t, i18n } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const me = useMe();
  const { openSignIn } = useSignInDialog();

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

  return (
    <>
      <Button variant="ghost" size="icon" aria-label={t('dashboard')} onClick={onOpenDashboard}>
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
    </>
  );
}
