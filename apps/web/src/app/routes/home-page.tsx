import { useTranslation } from 'react-i18next';
import { ProjectGallery, ProjectPanel } from '../../features/projects/index.ts';

/** The main screen: project panel on the left, result on the right, gallery below. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <div className="home-columns">
        <section className="ui-card home-columns__left" aria-labelledby="project-panel-title">
          <h2 id="project-panel-title">{t('home.projectPanelTitle')}</h2>
          <p className="muted">{t('home.projectPanelIntro')}</p>
          <ProjectPanel />
        </section>
        <section className="ui-card home-columns__right" aria-labelledby="result-panel-title">
          <h2 id="result-panel-title">{t('home.resultPanelTitle')}</h2>
          <div className="empty-state">{t('home.resultEmpty')}</div>
        </section>
      </div>
      <section className="ui-card home-gallery" aria-labelledby="gallery-title">
        <h2 id="gallery-title">{t('home.galleryTitle')}</h2>
        <ProjectGallery />
      </section>
    </>
  );
}
