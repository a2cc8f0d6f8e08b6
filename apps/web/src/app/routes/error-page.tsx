import { useTranslation } from 'react-i18next';

/** What replaces a page that failed to render (router.tsx): a calm page instead of a blank screen. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : null;
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
