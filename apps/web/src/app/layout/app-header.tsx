import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { usePurchaseDialog } from '../../features/credits/index.ts';
import { useCurrentProject } from '../../features/projects/index.ts';
import { AccountMenu } from './account-menu.tsx';
import { LanguageSelect } from './language-select.tsx';

export function AppHeader() {
  const { t } = useTranslation();
  const { openPurchase } = usePurchaseDialog();
  const { resetProject } = useCurrentProject();
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/" className="app-header__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('app.name')}</span>
        </Link>
        <nav className="app-header__actions" aria-label={t('header.mainNavigation')}>
          <LanguageSelect />
          <Button variant="secondary" onClick={resetProject}>
            {t('header.createNewProject')}
          </Button>
          <Button variant="secondary" onClick={() => openPurchase()}>
            {t('header.buyCredits')}
          </Button>
          <AccountMenu />
        </nav>
      </div>
    </header>
  );
}
