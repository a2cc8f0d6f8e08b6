import { type RgbBytes, resolveItemColour } from '@facelift/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PreviewCanvas } from '../../preview/index.ts';
import { ProjectPhoto, projectQueryKeys, useCurrentProject } from '../../projects/index.ts';
import { useActiveJob } from '../hooks/use-active-job.ts';
import { pickPhotoColour } from '../stage-colour-pick.ts';
import { useTransformWorkspace } from '../transform-workspace-context.tsx';
import { ComparisonView } from './comparison-view.tsx';
import { ResultComparison, ResultDetails } from './result-panel.tsx';
import { TransformError, TransformProgress } from './transform-status.tsx';
import './transform.css';

/**
 * The studio's stage (docs/product.md, Studio and preview): the running job, its error, the
 * result with its before/after divider, or else the photo itself, all in the same place and size.
 */
export function TransformResultArea() {
  const { t } = useTranslation('transform');
  const project = useCurrentProject();
  const { activeJobId, previewColours, hoveredColour, colourPick, inpaintingMask } = useTransformWorkspace();
  const { job, resultId, item } = useShownResult();
  const baseImage = project.baseImage?.image ?? project.originalImage;
  const baseUrl = baseImage?.url ?? null;
  const baseAspect = baseImage ? baseImage.width / baseImage.height : undefined;
  const queryClient = useQueryClient();
  const { projectId } = project;
  const isResultMissing = resultId !== null && item === undefined;

  const jobStatus = job.data?.status;
  useEffect(() => {
    // A finished job was charged (done) or refunded (failed): the header balance changes.
    if (jobStatus === 'done' || jobStatus === 'failed')
      void queryClient.invalidateQueries({ queryKey: ['me'] });
  }, [jobStatus, queryClient]);

  useEffect(() => {
    // The job finished but its history item has not reached this tab (a dropped stream): refetch.
    if (isResultMissing && projectId)
      void queryClient.invalidateQueries({ queryKey: projectQueryKeys.detail(projectId) });
  }, [isResultMissing, projectId, queryClient]);

  function photoStage() {
    const base = project.baseImage?.image;
    if (!base) return null;
    // The hovered swatch stands in for its element's chosen colour; elements without a marked
    // region are not previewed (Transform still handles them as before).
    // Only the standard offer's colours are previewed: in the chat or inpainting offer the stage
    // showed the standard choices left from before, as if the next edit started from them.
    const shownColours = project.offer === 'standard' ? previewColours : [];
    const colours = hoveredColour
      ? [...shownColours.filter((colour) => colour.element !== hoveredColour.element), hoveredColour]
      : shownColours;
    const paints = colours.flatMap((colour) => {
      const region = project.regions.find((candidate) => candidate.element === colour.element);
      const resolved = resolveItemColour(colour.titleKey);
      return region && resolved ? [{ regionUrl: region.url, rgb: resolved.rgb as RgbBytes }] : [];
    });
    const photo = (
      <ProjectPhoto>
        <PreviewCanvas
          imageUrl={base.url}
          naturalWidth={base.width}
          naturalHeight={base.height}
          paints={paints}
        />
        {/*
         * The painted area the inpainting and the chat edit, shown where it is: the rest of the
         * photo dimmed by the mask itself (opaque outside the area, clear inside). Back from the
         * editor the stage showed the bare photo, and only a line of text said something was
         * painted (docs/decisions/257-painted-area-on-the-stage.md).
         */}
        {inpaintingMask && project.offer !== 'standard' ? (
          <>
            <img className="painted-area" src={inpaintingMask} alt="" aria-hidden="true" />
            <span className="stage-chip stage-chip--start">{t('layers.mask', { ns: 'maskEditor' })}</span>
          </>
        ) : null}
      </ProjectPhoto>
    );
    if (!colourPick) return photo;
    // The eyedropper's fallback: the next click on the photo takes its colour; Escape cancels.
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only pick; the hex field and the colour picker are the keyboard's way
      <div
        className="stage-colour-pick"
        onClick={(event) => {
          const image = event.currentTarget.querySelector('img');
          colourPick(image ? pickPhotoColour(image, event.clientX, event.clientY) : null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') colourPick(null);
        }}
      >
        <p className="stage-colour-pick__hint" role="status">
          {t('pickColourHint')}
        </p>
        {photo}
      </div>
    );
  }

  if (activeJobId && job.data && job.data.status !== 'done') {
    // A failed transformation's error belongs to the offer that sent it: the chat has its own.
    if (job.data.status === 'failed' && project.offer === 'chat') return photoStage();
    if (job.data.status === 'failed') {
      // The error above the photo, not instead of it: the stage kept only the box, the photo and
      // its preview were gone until the next choice (docs/decisions/174-walkthrough-toasts-and-prompt-box.md).
      return (
        <div className="transform-failed">
          <TransformError code={job.data.error?.code} message={job.data.error?.message ?? null} />
          {photoStage()}
        </div>
      );
    }
    return (
      <div className="transform-running">
        {baseUrl ? <ComparisonView beforeUrl={baseUrl} afterUrl={null} aspectRatio={baseAspect} /> : null}
        <TransformProgress job={job.data} />
      </div>
    );
  }
  if (activeJobId && job.isError) {
    return (
      <div className="transform-failed">
        <TransformError message={job.error.message} />
        {photoStage()}
      </div>
    );
  }
  if (item) return <ResultComparison item={item} />;
  return photoStage() ?? <div className="empty-state studio-empty">{t('resultEmpty')}</div>;
}

/**
 * The result shown on the stage, if any: a job's once it is done, none while one runs or failed,
 * else the one opened from the gallery or kept shown.
 */
function useShownResult() {
  const project = useCurrentProject();
  const { activeJobId, shownResultId } = useTransformWorkspace();
  const job = useActiveJob();
  const resultId = job.data?.status === 'done' ? job.data.resultId : activeJobId ? null : shownResultId;
  const item = resultId ? project.history.find((entry) => entry.id === resultId) : undefined;
  return { job, resultId, item };
}

/**
 * The buttons, prompt and notice of the result on the stage (TransformResultArea). The studio
 * holds them after the control column in the page, as on a phone's screen, so Tab does not go
 * from the comparison down past the sheet to them and back up (decision 312).
 */
export function TransformResultDetails() {
  const project = useCurrentProject();
  const { showResult } = useTransformWorkspace();
  const { item } = useShownResult();
  if (!item) return null;
  return (
    <ResultDetails
      item={item}
      onUseAsBase={(chosen) => {
        project.chooseAsBase(chosen);
        showResult(null);
      }}
      onContinueEditing={() => showResult(null)}
    />
  );
}
