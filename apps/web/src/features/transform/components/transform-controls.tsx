import './transform.css';
import { defaultCreditCosts, type RegionElement } from '@facelift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useImageEngine, useSignInDialog } from '../../auth/index.ts';
import { creditRefusalMessage, usePlans, useRequireCredits } from '../../credits/index.ts';
import { DirectivesPanel } from '../../directives/index.ts';
import { isJobFinished } from '../../jobs/index.ts';
import { useCurrentProject } from '../../projects/index.ts';
import { useStartTransformation } from '../api/start-transformation.ts';
import { sessionGuidanceStore, takeFirstGuidance } from '../guided-marking.ts';
import { useActiveJob } from '../hooks/use-active-job.ts';
import { browserEyeDropper } from '../stage-colour-pick.ts';
import { useTransformWorkspace } from '../transform-workspace-context.tsx';
import { EditScopeNotice } from './edit-scope-notice.tsx';

/**
 * Whether the job shown is still running: the colours then lead back to the photo only once it
 * ends, and Transform is disabled.
 */
function useIsJobRunning(): boolean {
  const { activeJobId } = useTransformWorkspace();
  const activeJob = useActiveJob();
  return activeJobId !== null && !isJobFinished(activeJob.data) && !activeJob.isError;
}

/**
 * The directives panel (standard and inpainting offers). Transform is its own part
 * (TransformActions): on a phone "Mark areas" and the project come between them in the page, as
 * on the screen (docs/decisions/090-studio-one-screen-and-instant-preview.md).
 */
export function TransformDirectives() {
  const { t } = useTranslation('transform');
  const project = useCurrentProject();
  const {
    requestMarking,
    setPreviewColours,
    setHoveredColour,
    setCurrentDirectives,
    setDirectivesValue,
    restoreRequest,
    setColourPick,
    showResult,
  } = useTransformWorkspace();
  const { isLocalEngine } = useImageEngine();
  const isRunning = useIsJobRunning();
  const isInpainting = project.offer === 'inpainting';
  const marked = new Set(project.regions.map((region) => region.element));

  return (
    <section className="ui-card transform-controls" aria-labelledby="transform-controls-title">
      <h2 id="transform-controls-title" className="visually-hidden">
        {t('transform')}
      </h2>
      <DirectivesPanel
        forceInpaintingMode={isInpainting}
        resetSignal={project.resetSignal}
        restore={restoreRequest}
        projectId={project.projectId}
        onPickFromPhoto={async () => {
          const EyeDropper = browserEyeDropper();
          if (EyeDropper) {
            try {
              return (await new EyeDropper().open()).sRGBHex;
            } catch {
              return null; // Escape closes the browser's eyedropper.
            }
          }
          // Without the EyeDropper API the next click on the stage photo picks its pixel.
          return new Promise<string | null>((resolve) =>
            setColourPick((hex) => {
              setColourPick(null);
              resolve(hex);
            }),
          );
        }}
        onChange={(next) => {
          setDirectivesValue(next);
          setCurrentDirectives(next.directives.mode === 'options' ? next.directives : null);
          // Every chosen colour is previewed on the stage at once (docs/product.md, Studio and preview).
          setPreviewColours(
            next.directives.mode === 'options'
              ? next.directives.selectedItems.map((item) => ({ element: item.type, titleKey: item.value }))
              : [],
          );
        }}
        onSwatchHover={(hovered) => setHoveredColour(isInpainting ? null : hovered)}
        onColourChosen={(element) => {
          // A colour chosen while the stage shows a result is the next edit: the stage goes back
          // to the photo with its preview at once, no "Continue editing" needed (decision 091).
          // A running job stays on the stage.
          if (!isRunning) showResult(null);
          // Guided marking (docs/product.md, Marking and selection): the local engine recolours
          // only what is marked, so the first colour for an unmarked element opens the editor
          // on it with smart select ready; closing it shows the colour in the preview at once.
          if (!isLocalEngine || isInpainting || marked.has(element)) return;
          if (takeFirstGuidance(element, sessionGuidanceStore())) requestMarking(element);
        }}
      />
    </section>
  );
}

/** Transform, its cost and its error: the control column's sticky bar. */
export function TransformActions() {
  const { t, i18n } = useTranslation('transform');
  const { t: tAuth } = useTranslation('auth');
  const { t: tDirectives } = useTranslation('directives');
  const { t: tCredits } = useTranslation('credits');
  const project = useCurrentProject();
  const { requireCredits } = useRequireCredits();
  const { openSignIn } = useSignInDialog();
  const {
    setActiveJobId,
    inpaintingMask,
    requestMarking,
    isSavingAreas,
    directivesValue: value,
  } = useTransformWorkspace();
  const { isLocalEngine } = useImageEngine();
  const isRunning = useIsJobRunning();
  const start = useStartTransformation(project.projectId);
  const [error, setError] = useState<string | null>(null);

  const isInpainting = project.offer === 'inpainting';
  // The server's configured costs; the shared defaults until they have loaded.
  const costs = usePlans().data?.costs ?? defaultCreditCosts;
  const cost = isInpainting ? costs.inpainting : costs.standard;
  // The local engine recolours exactly what is marked (docs/product.md, Marking and selection):
  // elements given a colour but not marked yet are named on the button, which leads to them.
  const marked = new Set(project.regions.map((region) => region.element));
  const unmarked: RegionElement[] =
    isLocalEngine && !isInpainting && value?.directives.mode === 'options'
      ? value.directives.selectedItems
          .map((item): RegionElement => item.type)
          .filter((element) => !marked.has(element))
      : [];

  async function transform() {
    setError(null);
    const blocker = requireCredits({ signIn: tAuth('signInIntro') });
    if (blocker === 'noCredits') setError(tCredits('errors.noCredits'));
    if (blocker) return;
    if (!value?.isReady) {
      setError(isInpainting ? t('describeChange') : tDirectives('selectItem'));
      return;
    }
    if (unmarked[0]) {
      requestMarking(unmarked[0]);
      return;
    }
    if (isInpainting && !inpaintingMask && project.regions.length === 0) {
      setError(t('markAreaFirst'));
      return;
    }
    try {
      const { job } = await start.mutateAsync({
        directives: value.directives,
        ...(project.baseImage?.resultId ? { sourceResultId: project.baseImage.resultId } : {}),
        ...(isInpainting && inpaintingMask ? { mask: inpaintingMask } : {}),
        useElementRegions: true,
      });
      setActiveJobId(job.id);
    } catch (caught) {
      // NO_CREDITS has already opened the purchase dialog (credits feature): say it here too.
      const refusal = creditRefusalMessage(caught, tCredits);
      if (refusal !== null) {
        setError(refusal);
      } else if (caught instanceof ApiError && caught.code === 'NOT_AUTHENTICATED') {
        openSignIn();
      } else {
        setError(caught instanceof Error ? caught.message : t('unknownError'));
      }
    }
  }

  return (
    <div className="transform-actions">
      <EditScopeNotice directives={value?.directives ?? null} />
      {/*
        While the marked areas are being saved a job would read the ones from before. Held then,
        but focusable: "Mark the walls first" opens the editor, whose closing starts the save
        and gives the focus back here (docs/decisions/256-focus-back-while-areas-save.md).
      */}
      <Button
        variant="primary"
        onClick={() => {
          if (!isSavingAreas) void transform();
        }}
        disabled={start.isPending || isRunning}
        aria-disabled={isSavingAreas || undefined}
      >
        {/*
          A sentence like the marking guide's ("Marca primero las paredes y el tejado"): each
          element with its own article where the language needs one (decision 218).
        */}
        {unmarked.length > 0
          ? t('markFirst', {
              elements: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
                unmarked.map((element) => t(`markFirstElements.${element}`)),
              ),
            })
          : t('transform')}
      </Button>
      {/*
        While the button leads to the marking, a click costs nothing: the cost comes back with
        "Transform". A long "mark first" label takes two lines, and the cost under it pushed what
        is chosen under the bar at 1366 × 768 (decision 219).
      */}
      {unmarked.length === 0 ? (
        <span className="ui-field__hint">{t('transformCost', { count: cost })}</span>
      ) : null}
      {error ? (
        <p className="ui-alert ui-alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
