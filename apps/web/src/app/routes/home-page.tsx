import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { ChatPanel } from '../../features/chat/index.ts';
import { ProjectGallery, ProjectPanel, useCurrentProject } from '../../features/projects/index.ts';
import {
  AreaEditor,
  KeptLooks,
  TransformControls,
  TransformResultArea,
  TransformWorkspaceProvider,
  useTransformWorkspace,
} from '../../features/transform/index.ts';

/**
 * The studio (docs/product.md, Studio and preview): one screen with a large stage (the photo,
 * or in the same place and size the result) and the gallery strip under it, beside a control
 * column that scrolls on its own. On a phone the stage is on top and the controls are a sheet
 * below it that can be expanded.
 */
export function HomePage() {
  return (
    <TransformWorkspaceProvider>
      <Studio />
    </TransformWorkspaceProvider>
  );
}

function Studio() {
  const { t } = useTranslation();
  const { offer, baseImage } = useCurrentProject();
  const { showResult } = useTransformWorkspace();
  const [isSheetExpanded, setIsSheetExpanded] = useState(false);
  // The chat offer brings its own panel in the control column; standard and inpainting use directives.
  const isDirectivesOffer = offer !== 'chat';
  return (
    <div className="studio">
      <div className="studio__stage-column">
        <section className="studio__stage" aria-labelledby="result-panel-title">
          <h2 id="result-panel-title" className="visually-hidden">
            {t('home.resultPanelTitle')}
          </h2>
          {baseImage ? (
            <TransformResultArea />
          ) : (
            <div className="empty-state studio__empty">{t('home.projectPanelIntro')}</div>
          )}
        </section>
        {baseImage && offer === 'standard' ? (
          <div className="studio__looks">
            <KeptLooks />
          </div>
        ) : null}
        <section className="studio__gallery" aria-labelledby="gallery-title">
          <h2 id="gallery-title" className="studio__gallery-title">
            {t('home.galleryTitle')}
          </h2>
          <ProjectGallery onOpenResult={(item) => showResult(item.id)} />
        </section>
      </div>
      <section
        className={
          isSheetExpanded ? 'ui-card studio__controls studio__controls--expanded' : 'ui-card studio__controls'
        }
        aria-labelledby="project-panel-title"
      >
        <div className="studio__controls-header">
          <h2 id="project-panel-title">{t('home.projectPanelTitle')}</h2>
          {/* Only shown on a phone, where the controls are a sheet under the stage. */}
          <Button
            variant="ghost"
            size="small"
            className="studio__sheet-toggle"
            aria-expanded={isSheetExpanded}
            onClick={() => setIsSheetExpanded((expanded) => !expanded)}
          >
            {isSheetExpanded ? t('home.collapseControls') : t('home.expandControls')}
          </Button>
        </div>
        {/* The area editor serves every offer: the chat edits the painted area or the marked elements too. */}
        <ProjectPanel renderImageActions={() => <AreaEditor />}>
          {isDirectivesOffer ? <TransformControls /> : <ChatSection />}
        </ProjectPanel>
      </section>
    </div>
  );
}

/** The chat offer's panel under the project, with its own heading (docs/product.md, Chat). */
function ChatSection() {
  const { t } = useTranslation('chat');
  return (
    <section className="studio__chat" aria-labelledby="chat-panel-title">
      <h2 id="chat-panel-title">{t('title')}</h2>
      <ChatPanel />
    </section>
  );
}
