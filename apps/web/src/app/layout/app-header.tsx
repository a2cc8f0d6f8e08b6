import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { usePurchaseDialog } from '../../features/credits/index.ts';
import { useCurrentProject } from '../../features/projects/index.ts';
import { AccountMenu } from './account-menu.tsx';
import { LanguageSelect } from './language-select.tsx';
import { useHeaderMenu } from './use-header-menu.ts';

export function AppHeader() {
  const { t } = useTranslation();
  const { openPurchase } = usePurchaseDialog();
  const { resetProject } = useCurrentProject();
  const header = useRef<HTMLElement>(null);
  const menuId = useId();
  const menu = useHeaderMenu();
  // The studio fits its stage and control column under the sticky header, whose height changes
  // when its buttons wrap (a longer language): publish it as a CSS variable.
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
        {/*
         * On a phone the header is one row (docs/decisions/097-compact-phone-header.md): the
         * language and the two actions fold behind a Menu button placed before them, so the
         * focus order follows what is seen; the account corner (balance, dashboard) stays out.
         * Wider screens hide the button and show the group inline (CSS only).
         */}
        <nav className="app-header__actions" aria-label={t('header.mainNavigation')} ref={menu.containerRef}>
          <button
            ref={menu.buttonRef}
            type="button"
            className="ui-button ui-button--ghost ui-button--icon app-header__menu-button"
            aria-label={t('header.menu')}
            aria-expanded={menu.isOpen}
            aria-controls={menuId}
            onClick={menu.toggle}
          >
            <svg
              aria-hidden="true"
              width="22"
              height="22"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d={menu.isOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
            </svg>
          </button>
          <div id={menuId} className="app-header__menu" data-open={menu.isOpen || undefined}>
            <LanguageSelect />
            <Button variant="secondary" onClick={() => menu.closeThen(resetProject)}>
              {t('header.createNewProject')}
            </Button>
            <Button variant="secondary" onClick={() => menu.closeThen(() => openPurchase())}>
              {t('header.buyCredits')}
            </Button>
          </div>
          <AccountMenu />
        </nav>
      </div>
    </header>
  );
}
