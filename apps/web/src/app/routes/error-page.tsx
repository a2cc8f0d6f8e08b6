import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's error element: a calm page instead of a blank screen. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="error-page">
      <section className="ui-card error-page__card" role="alert">
        <h1>{t('error.title')}</h1>
        <p>{t('error.body')}</p>
        {detail ? <pre className="error-page__detail">{detail}</pre> : null}
        {/* A full page load: the app state that failed is thrown away. */}
        <a href="/" className="ui-button ui-button--primary">
          {t('error.backHome')}
        </a>
      </section>
    </main>
  );
}
