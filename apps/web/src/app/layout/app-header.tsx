import { useLayoutEffect, useRef } from 'react';
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
  const header = useRef<HTMLElement>(null);
  // The studio fits its stage and control column under the sticky header, whose height changes
  // when its buttons wrap (a phone, a longer language): publish it as a CSS variable.
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--app-header-height', `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <header className="app-header" ref={header}>
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
