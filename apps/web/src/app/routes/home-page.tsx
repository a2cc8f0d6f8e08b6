import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { ProjectGallery, ProjectPanel, useCurrentProject } from '../../features/projects/index.ts';
import { TransformWorkspaceProvider, useTransformWorkspace } from '../../features/transform/index.ts';
import { afterFirstPaint } from '../../lib/after-first-paint.ts';
import { useKeyboardFocus } from '../../lib/use-keyboard-focus.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';

/** The studio's phone layout (app.css, `@media (max-width: 800px)`): the controls are a sheet. */
const phoneStudioQuery = '(max-width: 800px)';

// What shows only once a project is open loads on demand: at once when a project is being opened,
// else when the browser is idle after the first paint (docs/decisions/108-app-shell-split.md).
const loadStudioPanels = () => import('./studio-panels.ts');
const TransformResultArea = lazy(() =>
  loadStudioPanels().then((module) => ({ default: module.TransformResultArea })),
);
const TransformResultDetails = lazy(() =>
  loadStudioPanels().then((module) => ({ default: module.TransformResultDetails })),
);
const KeptLooks = lazy(() => loadStudioPanels().then((module) => ({ default: module.KeptLooks })));
const AreaEditor = lazy(() => loadStudioPanels().then((module) => ({ default: module.AreaEditor })));
const TransformDirectives = lazy(() =>
  loadStudioPanels().then((module) => ({ default: module.TransformDirectives })),
);
const TransformActions = lazy(() =>
  loadStudioPanels().then((module) => ({ default: module.TransformActions })),
);
const ChatPanel = lazy(() => loadStudioPanels().then((module) => ({ default: module.ChatPanel })));

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
  const { offer, baseImage, stage } = useCurrentProject();
  const { showResult } = useTransformWorkspace();
  const [isSheetExpanded, setIsSheetExpanded] = useState(false);
  const isKeyboardFocus = useKeyboardFocus();
  const isSheet = useMediaQuery(phoneStudioQuery);
  const isProjectOpen = stage === 'created';
  useEffect(() => {
    if (!isProjectOpen) return afterFirstPaint(loadStudioPanels);
    void loadStudioPanels();
  }, [isProjectOpen]);
  const loading = (
    <p className="muted" role="status">
      {t('ui.loading')}
    </p>
  );
  // The chat offer brings its own panel in the control column; standard and inpainting use directives.
  // Deferred: on a switch of offer the column keeps the old panel until the new one's code is
  // there, instead of a "Loading…" that empties the column and resets its scroll.
  const shownOffer = useDeferredValue(offer);
  const isDirectivesOffer = shownOffer !== 'chat';
  // One order in the page for every width, the order a phone shows: the stage, the control sheet,
  // then the result's buttons, the kept looks and the gallery, so Tab and a screen reader follow
  // the eye. Wider, the grid puts the controls beside the rest (app.css). Nothing moves to
  // another parent when the width crosses 800 px, so an open dialog (a gallery photo, a video)
  // stays open with the focus in it (decision 312).
  return (
    <div className={baseImage ? 'studio' : 'studio studio--no-photo'}>
      <section className="studio__stage" aria-labelledby="result-panel-title">
        <h2 id="result-panel-title" className="visually-hidden">
          {t('home.resultPanelTitle')}
        </h2>
        {baseImage ? (
          // The stage keeps its size while its part loads: no jump when it arrives.
          <Suspense
            fallback={
              <div className="empty-state studio__empty" role="status">
                {t('ui.loading')}
              </div>
            }
          >
            <TransformResultArea />
          </Suspense>
        ) : (
          <div className="empty-state studio__empty">{t('home.projectPanelIntro')}</div>
        )}
      </section>
      <section
        className={
          isSheetExpanded && isProjectOpen
            ? 'ui-card studio__controls studio__controls--expanded'
            : 'ui-card studio__controls'
        }
        aria-labelledby="project-panel-title"
        onFocus={(event) => {
          // Focusing a text box scrolls only its caret into view: Tab left the generated prompt
          // under the sticky Transform on a phone, two lines of it showing. The whole box comes
          // clear of the bar (the column's scroll padding) (docs/decisions/258-text-box-clear-of-transform.md).
          // Not on a click or a tap: the box would jump from under the pointer (decision 286). A
          // phone's form bar, which moves the focus with no key, counts as keyboard (decision 314).
          if (event.target instanceof HTMLTextAreaElement && isKeyboardFocus(event.target))
            event.target.scrollIntoView({ block: 'nearest' });
        }}
      >
        <div className="studio__controls-header">
          <h2 id="project-panel-title">{t('home.projectPanelTitle')}</h2>
          {/* Only shown on a phone, where the controls are a sheet under the stage, and only once a
              project is open: before, the sheet holds a name box or the upload, nothing to expand. */}
          {isProjectOpen ? (
            <Button
              variant="ghost"
              size="small"
              className="studio__sheet-toggle"
              aria-expanded={isSheetExpanded}
              onClick={() => setIsSheetExpanded((expanded) => !expanded)}
            >
              {isSheetExpanded ? t('home.collapseControls') : t('home.expandControls')}
            </Button>
          ) : null}
        </div>
        {/* The area editor serves every offer: the chat edits the painted area or the marked elements too. */}
        <ProjectPanel
          renderImageActions={() => (
            <Suspense fallback={null}>
              <AreaEditor />
            </Suspense>
          )}
        >
          {({ project, imageActions }) => {
            const main = isDirectivesOffer ? (
              <Suspense key="directives" fallback={loading}>
                <TransformDirectives />
              </Suspense>
            ) : (
              <Suspense key="chat" fallback={loading}>
                <ChatSection />
              </Suspense>
            );
            const actions = isDirectivesOffer ? (
              <Suspense key="actions" fallback={null}>
                <TransformActions />
              </Suspense>
            ) : null;
            // In the page as on the screen, so Tab and a screen reader follow the eye: on a phone
            // the colours (or the chat) come first, then "Mark areas", then the project's name and
            // offer (decision 090); wider, the project heads the column. Transform is last, sticky
            // at the column's bottom edge. Keyed: a new order moves the parts, none remounts (the
            // mask editor keeps what was painted).
            return isSheet ? [main, imageActions, project, actions] : [project, imageActions, main, actions];
          }}
        </ProjectPanel>
      </section>
      {baseImage ? (
        <Suspense fallback={null}>
          <TransformResultDetails />
        </Suspense>
      ) : null}
      {baseImage && offer === 'standard' ? (
        <div className="studio__looks">
          <Suspense fallback={null}>
            <KeptLooks />
          </Suspense>
        </div>
      ) : null}
      <section className="studio__gallery" aria-labelledby="gallery-title">
        <h2 id="gallery-title" className="studio__gallery-title">
          {t('home.galleryTitle')}
        </h2>
        <ProjectGallery onOpenResult={(item) => showResult(item.id)} />
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
