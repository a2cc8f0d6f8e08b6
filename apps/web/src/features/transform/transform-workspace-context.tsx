import type { Job, OptionsDirectives, RegionElement } from '@facelift/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import type { DirectivesPanelValue } from '../directives/index.ts';
import { isJobFinished, jobQueryKey, storeJob } from '../jobs/index.ts';
import { useCurrentProject } from '../projects/index.ts';

interface TransformWorkspace {
  /** The job shown in the result area: running, failed or done. */
  activeJobId: string | null;
  setActiveJobId(jobId: string | null): void;
  /** The history item shown in the result area without a job (a gallery click). */
  shownResultId: string | null;
  showResult(resultId: string | null): void;
  /** The inpainting mask painted in the editor (mask contract PNG data URL), if any. */
  inpaintingMask: string | null;
  setInpaintingMask(mask: string | null): void;
  /** An element the user is being led to mark (the editor opens on it with smart select). */
  markingRequest: RegionElement | null;
  requestMarking(element: RegionElement | null): void;
  /** True while the editor's marked areas are being saved: a job started then would use the old ones. */
  isSavingAreas: boolean;
  setIsSavingAreas(isSaving: boolean): void;
  /** The colour chosen per element, shown at once as the stage's free preview. */
  previewColours: PreviewColour[];
  setPreviewColours(colours: PreviewColour[]): void;
  /** The swatch under the mouse, previewed on its element until the mouse leaves it. */
  hoveredColour: PreviewColour | null;
  setHoveredColour(colour: PreviewColour | null): void;
  /**
   * The directives panel's whole value, which Transform reads: the panel and the Transform bar
   * are two parts of the control column, with "Mark areas" and the project between them on a
   * phone (docs/decisions/090-studio-one-screen-and-instant-preview.md).
   */
  directivesValue: DirectivesPanelValue | null;
  setDirectivesValue(value: DirectivesPanelValue | null): void;
  /** The directives panel's current choices (options offers), for "Keep this look". */
  currentDirectives: OptionsDirectives | null;
  setCurrentDirectives(directives: OptionsDirectives | null): void;
  /** Up to four kept preview combinations (docs/decisions/096-keep-this-look.md). */
  keptLooks: KeptLook[];
  setKeptLooks(update: (looks: KeptLook[]) => KeptLook[]): void;
  /** The kept look the panel is to bring back; the signal makes the same look restorable twice. */
  restoreRequest: { directives: OptionsDirectives; signal: number } | null;
  restoreLook(directives: OptionsDirectives): void;
  /** Set while a click on the stage photo is to pick a colour (the eyedropper's fallback). */
  colourPick: ((hex: string | null) => void) | null;
  setColourPick(pick: ((hex: string | null) => void) | null): void;
}

export interface KeptLook {
  id: number;
  directives: OptionsDirectives;
}

/** An element and the swatch (its title key) it is to be painted with. */
export interface PreviewColour {
  element: string;
  titleKey: string;
}

const TransformWorkspaceContext = createContext<TransformWorkspace | null>(null);

/**
 * What the directives side and the result side share: the job being followed, the result
 * shown and the painted mask. The job's state lives in the job cache, which the project's live
 * events write (useActiveJob reads it); after a reload the project's unfinished job is picked
 * up again, or else its latest result is shown again (it is kept:
 * docs/decisions/080-free-tier-story.md).
 */
export function TransformWorkspaceProvider({ children }: { children: ReactNode }) {
  const project = useCurrentProject();
  const queryClient = useQueryClient();
  const [activeJobId, setActiveJobId] = useState<string | null>(null);
  const [shownResultId, setShownResultId] = useState<string | null>(null);
  const [inpaintingMask, setInpaintingMask] = useState<string | null>(null);
  const [markingRequest, requestMarking] = useState<RegionElement | null>(null);
  const [isSavingAreas, setIsSavingAreas] = useState(false);
  const [directivesValue, setDirectivesValue] = useState<DirectivesPanelValue | null>(null);
  const [previewColours, setPreviewColours] = useState<PreviewColour[]>([]);
  const [hoveredColour, setHoveredColour] = useState<PreviewColour | null>(null);
  const [currentDirectives, setCurrentDirectives] = useState<OptionsDirectives | null>(null);
  const [keptLooks, setKeptLooks] = useState<KeptLook[]>([]);
  const [restoreRequest, setRestoreRequest] = useState<{
    directives: OptionsDirectives;
    signal: number;
  } | null>(null);
  const [colourPick, setColourPickState] = useState<((hex: string | null) => void) | null>(null);
  // A function in state must be wrapped, or React would call it as an updater.
  const setColourPick = useCallback((pick: ((hex: string | null) => void) | null) => {
    setColourPickState(() => pick);
  }, []);
  const restoreLook = useCallback((directives: OptionsDirectives) => {
    setRestoreRequest((previous) => ({ directives, signal: (previous?.signal ?? 0) + 1 }));
  }, []);
  const { projectId, resetSignal } = project;

  // A new or reset project starts with an empty result area and no mask.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetSignal is the trigger, not an input
  useEffect(() => {
    setActiveJobId(null);
    setShownResultId(null);
    setInpaintingMask(null);
    setKeptLooks([]);
  }, [projectId, resetSignal]);

  // Another offer is another kind of edit: a failed transformation's error is not carried to it
  // (docs/decisions/174-walkthrough-toasts-and-prompt-box.md). A running job stays on the stage.
  const { offer } = project;
  const shownOffer = useRef(offer);
  useEffect(() => {
    if (shownOffer.current === offer) return;
    shownOffer.current = offer;
    setActiveJobId((current) =>
      current && queryClient.getQueryData<Job>(jobQueryKey(current))?.status === 'failed' ? null : current,
    );
  }, [offer, queryClient]);

  useEffect(() => {
    if (!projectId) return;
    let isCurrent = true;
    apiRequest<{ jobs: Job[] }>(`/api/projects/${encodeURIComponent(projectId)}/jobs`)
      .then(({ jobs }) => {
        if (!isCurrent) return;
        const transformations = jobs.filter((job) => job.kind === 'transformation');
        const running = transformations.find((job) => !isJobFinished(job));
        if (running) {
          storeJob(queryClient, running);
          setActiveJobId((current) => current ?? running.id);
          return;
        }
        // Jobs come newest first: the last result made, unless the user already chose one.
        const latestResultId = transformations.find((job) => job.status === 'done')?.resultId;
        if (latestResultId) setShownResultId((current) => current ?? latestResultId);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [projectId, queryClient]);

  const showResult = useCallback((resultId: string | null) => {
    setActiveJobId(null);
    setShownResultId(resultId);
  }, []);

  const value = useMemo(
    () => ({
      activeJobId,
      setActiveJobId,
      shownResultId,
      showResult,
      inpaintingMask,
      setInpaintingMask,
      markingRequest,
      requestMarking,
      isSavingAreas,
      setIsSavingAreas,
      previewColours,
      setPreviewColours,
      hoveredColour,
      setHoveredColour,
      directivesValue,
      setDirectivesValue,
      currentDirectives,
      setCurrentDirectives,
      keptLooks,
      setKeptLooks,
      restoreRequest,
      restoreLook,
      colourPick,
      setColourPick,
    }),
    [
      activeJobId,
      shownResultId,
      showResult,
      inpaintingMask,
      markingRequest,
      isSavingAreas,
      previewColours,
      hoveredColour,
      directivesValue,
      currentDirectives,
      keptLooks,
      restoreRequest,
      restoreLook,
      colourPick,
      setColourPick,
    ],
  );
  return <TransformWorkspaceContext.Provider value={value}>{children}</TransformWorkspaceContext.Provider>;
}

export function useTransformWorkspace(): TransformWorkspace {
  const workspace = useContext(TransformWorkspaceContext);
  if (!workspace) throw new Error('useTransformWorkspace must be used inside TransformWorkspaceProvider');
  return workspace;
}
