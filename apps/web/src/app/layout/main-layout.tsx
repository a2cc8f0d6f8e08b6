import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { CurrentProjectProvider } from '../../features/projects/index.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';

export function MainLayout() {
  const { t } = useTranslation();
  return (
    <CurrentProjectProvider>
      <div className="app-shell">
        <AppHeader />
        <main className="app-main" id="main">
          {/* A page that loads on demand (router.tsx) waits here, under the header. */}
          <Suspense
            fallback={
              <p className="muted" role="status">
                {t('ui.loading')}
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </main>
        <AppFooter />
      </div>
    </CurrentProjectProvider>
  );
}
