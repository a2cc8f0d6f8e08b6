import { useTranslation } from 'react-i18next';
import { ProjectGallery, ProjectPanel, useCurrentProject } from '../../features/projects/index.ts';
import {
  AreaEditor,
  TransformControls,
  TransformResultArea,
  TransformWorkspaceProvider,
  useTransformWorkspace,
} from '../../features/transform/index.ts';

/** The main screen: project panel on the left, result on the right, gallery below. */
export function HomePage() {
  return (
    <TransformWorkspaceProvider>
      <HomeColumns />
    </TransformWorkspaceProvider>
  );
}

function HomeColumns() {
  const { t } = useTranslation();
  const { offer } = useCurrentProject();
  const { showResult } = useTransformWorkspace();
  // The chat offer brings its own panel; standard and inpainting use directives and the area editor.
  const isDirectivesOffer = offer !== 'chat';
  return (
    <>
      <div className="home-columns">
        <section className="ui-card home-columns__left" aria-labelledby="project-panel-title">
          <h2 id="project-panel-title">{t('home.projectPanelTitle')}</h2>
          <p className="muted">{t('home.projectPanelIntro')}</p>
          <ProjectPanel renderImageActions={isDirectivesOffer ? () => <AreaEditor /> : undefined}>
            {isDirectivesOffer ? <TransformControls /> : null}
          </ProjectPanel>
        </section>
        <section className="ui-card home-columns__right" aria-labelledby="result-panel-title">
          <h2 id="result-panel-title">{t('home.resultPanelTitle')}</h2>
          <TransformResultArea />
        </section>
      </div>
      <section className="ui-card home-gallery" aria-labelledby="gallery-title">
        <h2 id="gallery-title">{t('home.galleryTitle')}</h2>
        <ProjectGallery onOpenResult={(item) => showResult(item.id)} />
      </section>
    </>
  );
}
