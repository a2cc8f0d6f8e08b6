import { type Project, type RegionElement, regionElements } from '@facelift/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import type { MaskEditorHandle } from '../../mask-editor/index.ts';
import {
  applyProjectEvent,
  deleteElementRegion,
  projectQueryKeys,
  saveElementRegion,
  useCurrentProject,
} from '../../projects/index.ts';
import { useTransformWorkspace } from '../transform-workspace-context.tsx';

// The editor and smart select load the first time the editor opens, not with the app shell
// (docs/decisions/104-app-shell.md).
const MaskEditor = lazy(() =>
  import('../../mask-editor/index.ts').then((module) => ({ default: module.MaskEditor })),
);

/** The size the photo is shown at in the editor: as large as fits the window. */
function fitToWindow(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, (window.innerWidth * 0.92) / width, (window.innerHeight * 0.72) / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Opens the mask editor on the image the next transformation edits: to paint the inpainting
 * area, or to mark each element's region (kept on the project for every later transformation).
 */
export function AreaEditor() {
  const { t } = useTranslation('transform');
  const project = useCurrentProject();
  const showToast = useToast();
  const queryClient = useQueryClient();
  const {
    inpaintingMask,
    setInpaintingMask,
    markingRequest,
    requestMarking,
    isSavingAreas: isSaving,
    setIsSavingAreas: setIsSaving,
  } = useTransformWorkspace();
  const editor = useRef<MaskEditorHandle>(null);
  const [isOpen, setIsOpen] = useState(false);
  // Led here to mark an element (the Transform button): open on it with smart select ready.
  const [guided, setGuided] = useState<RegionElement | null>(null);
  // A request while the last marking is being saved waits for the save, as "Mark areas" does:
  // opened at once, the editor read the regions from before it (the walls just marked showed
  // unmarked, and closing it deleted them once their save had landed).
  useEffect(() => {
    if (!markingRequest || isSaving) return;
    setGuided(markingRequest);
    setIsOpen(true);
    requestMarking(null);
  }, [markingRequest, requestMarking, isSaving]);
  const base = project.baseImage?.image ?? project.originalImage;
  const isInpainting = project.offer === 'inpainting';
  if (!base || !project.projectId) return null;
  const projectId = project.projectId;
  const display = fitToWindow(base.width, base.height);
  // Read from the query itself: a save's answer is written there (below) a moment before this
  // component hears of it, and an editor opened as the save ends must start from it.
  const regions =
    queryClient.getQueryData<Project>(projectQueryKeys.detail(projectId))?.regions ?? project.regions;
  const initialMasks = Object.fromEntries(regions.map((region) => [region.element, region.url]));
  const markedElements = project.regions.map((region) => t(`regionNames.${region.element}`)).join(', ');

  async function close() {
    const handle = editor.current;
    setIsOpen(false);
    setGuided(null);
    // Closed before the saved regions were read: nothing was changed, and nothing must be
    // saved over them.
    if (!handle?.isLoaded()) return;
    setInpaintingMask(handle.getMask());
    const painted = handle.getRegions();
    const saved = new Set(regions.map((region) => region.element));
    setIsSaving(true);
    try {
      for (const element of regionElements as readonly RegionElement[]) {
        const mask = painted[element];
        const answer = mask
          ? await saveElementRegion(projectId, element, mask)
          : saved.has(element)
            ? await deleteElementRegion(projectId, element)
            : null;
        // The project shows what was saved when the save ends, not when its live event comes:
        // the editor opened next starts from these regions.
        if (answer) applyProjectEvent(queryClient, { type: 'regions.updated', projectId, regions: answer });
      }
    } catch (error) {
      showToast({
        tone: 'error',
        description: error instanceof Error ? error.message : t('regionsNotSaved'),
      });
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <div className="area-editor">
      {/*
       * Held while the marked areas save, but focusable: closing the editor gives the focus back
       * to this button as the save starts, and a disabled button cannot take it (it went to the
       * page's start; docs/decisions/256-focus-back-while-areas-save.md).
       */}
      <Button
        onClick={() => {
          if (!isSaving) setIsOpen(true);
        }}
        aria-disabled={isSaving || undefined}
      >
        {isInpainting ? t('paintArea') : t('markAreas')}
      </Button>
      <p className="ui-field__hint" role="status">
        {isSaving
          ? t('savingAreas')
          : isInpainting
            ? inpaintingMask
              ? t('areaPainted')
              : t('areaNotPainted')
            : markedElements
              ? t('areasMarked', { elements: markedElements })
              : t('areasNotMarked')}
      </p>
      {isOpen ? (
        <Suspense fallback={<p role="status">{t('ui.loading', { ns: 'common' })}</p>}>
          <MaskEditor
            ref={editor}
            imageUrl={base.url}
            displayWidth={display.width}
            displayHeight={display.height}
            initialTarget={guided ?? (isInpainting ? 'mask' : 'walls')}
            initialTool={guided ? 'smartSelect' : undefined}
            guide={guided ? t(`markingGuide.${guided}`) : undefined}
            initialMasks={inpaintingMask ? { ...initialMasks, mask: inpaintingMask } : initialMasks}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
