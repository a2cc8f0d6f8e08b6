import { siteName } from '@facelift/shared';
import { useTranslation } from 'react-i18next';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <p className="app-footer__notice">{t('footer.aiNotice')}</p>
      <p className="app-footer__copyright">
        {t('footer.copyright', { year: new Date().getFullYear(), siteName })}
      </p>
    </footer>
  );
}
