import { Outlet } from 'react-router';
import { CurrentProjectProvider } from '../../features/projects/index.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';

export function MainLayout() {
  return (
    <CurrentProjectProvider>
      <div className="app-shell">
        <AppHeader />
        <main className="app-main" id="main">
          <Outlet />
        </main>
        <AppFooter />
      </div>
    </CurrentProjectProvider>
  );
}
