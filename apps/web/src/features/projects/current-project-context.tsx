import {
  type ChatMessage,
  defaultProjectOffer,
  type ElementRegion,
  type HistoryItem,
  type Project,
  type ProjectEvent,
  type ProjectOffer,
  projectOffers,
  type StoredImage,
} from '@facelift/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { useMe } from '../auth/index.ts';
import { createProject as postProject } from './api/create-project.ts';
import { useProject } from './api/get-project.ts';
import { projectQueryKeys } from './api/project-query-keys.ts';
import type { UploadOptions } from './api/upload-with-progress.ts';
import { useProjectEventStream } from './project-events.ts';

/** Where the project flow stands (docs/product.md, Studio and preview): no project → name confirmed → project created. */
export type ProjectStage = 'idle' | 'named' | 'created';

/** The image the next transformation starts from: the original, or a result chosen with "use as base". */
export interface BaseImage {
  image: StoredImage;
  /** The history item whose result this is; null for the project's original. Send it as `sourceResultId`. */
  resultId: string | null;
}

/** The current project, as every panel of the main screen reads it. */
export interface CurrentProject {
  stage: ProjectStage;
  /** The name typed before the project exists. */
  draftName: string;
  setDraftName(name: string): void;
  /** Confirms the typed name (callers check sign-in and credits first) and shows the image picker. */
  confirmName(): void;
  /** The project's id once created or opened (the URL is /projects/:id then). */
  projectId: string | null;
  /** The project as the server has it, kept current by live events; undefined while loading. */
  project: Project | undefined;
  isLoading: boolean;
  /** Why the project could not be loaded (NOT_FOUND, NOT_AUTHENTICATED…), or null. */
  loadError: ApiError | null;
  /** The project's name, or the confirmed draft name before it exists. */
  name: string;
  originalImage: StoredImage | null;
  baseImage: BaseImage | null;
  /** "Use as base" (docs/product.md, Studio and preview): the result becomes the image the next transformation edits. */
  chooseAsBase(item: HistoryItem): void;
  /** Back to the original as the base image. */
  chooseOriginalAsBase(): void;
  offer: ProjectOffer;
  setOffer(offer: ProjectOffer): void;
  /** Results, newest first. */
  history: HistoryItem[];
  chatHistory: ChatMessage[];
  regions: ElementRegion[];
  /** Uploads the photo under the confirmed name; the upload creates the project (docs/product.md, Studio and preview). */
  createProject(file: File, options?: UploadOptions): Promise<Project>;
  /** Opens a saved project (dashboard "load", deep link). */
  openProject(projectId: string): void;
  /** "Create new project": clears every piece of project state. */
  resetProject(): void;
  /** Increments on every reset, so that panels holding their own state (directives) clear it. */
  resetSignal: number;
}

const CurrentProjectContext = createContext<CurrentProject | null>(null);

/**
 * The offer last chosen for a project, kept for the browser tab: a reload (or a chat reply
 * arriving after one) shows the same panel again instead of falling back to the default.
 */
function storedOfferOf(projectId: string | null): ProjectOffer {
  if (!projectId) return defaultProjectOffer;
  try {
    const stored = window.sessionStorage.getItem(`facelift.offer.${projectId}`);
    return projectOffers.includes(stored as ProjectOffer) ? (stored as ProjectOffer) : defaultProjectOffer;
  } catch {
    return defaultProjectOffer;
  }
}

function storeOffer(projectId: string | null, offer: ProjectOffer): void {
  if (!projectId) return;
  try {
    window.sessionStorage.setItem(`facelift.offer.${projectId}`, offer);
  } catch {
    // Storage may be unavailable (privacy mode): the choice then lasts until the next reload.
  }
}

/** Holds the current project for the header, the project panel, the result panel and the gallery. */
export function CurrentProjectProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const me = useMe();
  const isSignedIn = Boolean(me.data);
  const projectId = useMatch('/projects/:projectId')?.params.projectId ?? null;

  const [draftName, setDraftName] = useState('');
  const [isNameConfirmed, setIsNameConfirmed] = useState(false);
  const [offer, setOfferState] = useState<ProjectOffer>(() => storedOfferOf(projectId));
  const setOffer = useCallback(
    (chosen: ProjectOffer) => {
      setOfferState(chosen);
      storeOffer(projectId, chosen);
    },
    [projectId],
  );
  const [baseResultId, setBaseResultId] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);

  const query = useProject(projectId, isSignedIn);
  const project = query.data && query.data.id === projectId ? query.data : undefined;

  const clearState = useCallback(() => {
    setDraftName('');
    setIsNameConfirmed(false);
    setOfferState(defaultProjectOffer);
    setBaseResultId(null);
    setResetSignal((value) => value + 1);
  }, []);

  const resetProject = useCallback(() => {
    clearState();
    if (projectId) navigate('/');
  }, [clearState, navigate, projectId]);

  // A project opened from elsewhere starts from its original, with the offer last chosen for it in this tab.
  const previousProjectId = useRef(projectId);
  useEffect(() => {
    if (previousProjectId.current === projectId) return;
    previousProjectId.current = projectId;
    setOfferState(storedOfferOf(projectId));
    setBaseResultId(null);
    setIsNameConfirmed(false);
    // The draft name belonged to the project now created (or left): going back starts afresh.
    if (projectId) setDraftName('');
  }, [projectId]);

  // Signing out clears the project from the screen.
  const wasSignedIn = useRef(isSignedIn);
  useEffect(() => {
    if (wasSignedIn.current && !isSignedIn) resetProject();
    wasSignedIn.current = isSignedIn;
  }, [isSignedIn, resetProject]);

  const handleEvent = useCallback(
    (event: ProjectEvent) => {
      if (event.type === 'project.deleted') {
        queryClient.removeQueries({ queryKey: projectQueryKeys.detail(event.projectId) });
        showToast({ description: t('deletedElsewhere') });
        resetProject();
      }
    },
    [queryClient, resetProject, showToast, t],
  );
  useProjectEventStream(project ? project.id : null, handleEvent);

  // A mutation, so that a refusal (NO_CREDITS) reaches the one handler every request shares.
  const { mutateAsync: uploadProject } = useMutation({
    mutationFn: ({ name, file, options }: { name: string; file: File; options?: UploadOptions }) =>
      postProject(name, file, options),
  });

  const createProject = useCallback(
    async (file: File, options?: UploadOptions) => {
      const created = await uploadProject({ name: draftName.trim(), file, options });
      queryClient.setQueryData(projectQueryKeys.detail(created.id), created);
      void queryClient.invalidateQueries({ queryKey: projectQueryKeys.lists() });
      navigate(`/projects/${created.id}`);
      return created;
    },
    [draftName, navigate, queryClient, uploadProject],
  );

  const openProject = useCallback(
    (id: string) => {
      if (id !== projectId) navigate(`/projects/${id}`);
    },
    [navigate, projectId],
  );

  const value = useMemo<CurrentProject>(() => {
    const history = project?.history ?? [];
    const baseItem = baseResultId ? history.find((item) => item.id === baseResultId) : undefined;
    const originalImage = project?.original ?? null;
    const stage: ProjectStage = projectId ? 'created' : isNameConfirmed ? 'named' : 'idle';
    return {
      stage,
      draftName,
      setDraftName,
      confirmName: () => setIsNameConfirmed(true),
      projectId,
      project,
      isLoading: Boolean(projectId) && isSignedIn && query.isPending,
      loadError: (query.error as ApiError | null) ?? null,
      name: project?.name ?? draftName.trim(),
      originalImage,
      baseImage: baseItem
        ? { image: baseItem.transformed, resultId: baseItem.id }
        : originalImage
          ? { image: originalImage, resultId: null }
          : null,
      chooseAsBase: (item) => setBaseResultId(item.id),
      chooseOriginalAsBase: () => setBaseResultId(null),
      offer,
      setOffer,
      history,
      chatHistory: project?.chatHistory ?? [],
      regions: project?.regions ?? [],
      createProject,
      openProject,
      resetProject,
      resetSignal,
    };
  }, [
    baseResultId,
    createProject,
    draftName,
    isNameConfirmed,
    isSignedIn,
    offer,
    openProject,
    project,
    projectId,
    query.error,
    query.isPending,
    resetProject,
    resetSignal,
    setOffer,
  ]);

  return <CurrentProjectContext.Provider value={value}>{children}</CurrentProjectContext.Provider>;
}

/** The current project: state and actions (see CurrentProject). */
export function useCurrentProject(): CurrentProject {
  const state = useContext(CurrentProjectContext);
  if (!state) throw new Error('useCurrentProject must be used inside CurrentProjectProvider');
  return state;
}
