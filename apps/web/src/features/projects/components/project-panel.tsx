import { type FormEvent, Fragment, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../projects.css';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { afterFirstPaint } from '../../../lib/after-first-paint.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMe, useSignInDialog } from '../../auth/index.ts';
import { useRequireCredits } from '../../credits/index.ts';
import { useRenameProject } from '../api/rename-project.ts';
import { useCurrentProject } from '../current-project-context.tsx';
import { ImagePicker } from './image-picker.tsx';
import { uploadErrorMessage } from './upload-error-message.ts';

// The offer picker (with the tooltip code it brings) shows only once a project is open: it loads
// then, or when the browser is idle after the first paint, and the panel says "Loading…" until
// it is there (docs/decisions/108-app-shell-split.md).
const loadOfferPicker = () => import('./offer-picker.tsx');
const OfferPicker = lazy(() => loadOfferPicker().then((module) => ({ default: module.OfferPicker })));

export interface ProjectPanelProps {
  /**
   * Actions on the current image once the project exists, e.g. the mask editor's button
   * (docs/product.md, Marking and selection). Shown in the panel, never over the photo: the
   * photo itself is on the studio's stage (ProjectPhoto).
   */
  renderImageActions?: () => ReactNode;
  /**
   * Rendered below the offers once the project exists (the directives panel, say). Or a function
   * given the panel's own parts, which places them among its own in the order of the screen: the
   * studio's phone sheet puts the colours first (docs/decisions/090-studio-one-screen-and-instant-preview.md).
   * Each part carries a key, so a new order moves them without remounting them.
   */
  children?: ReactNode | ((parts: ProjectPanelParts) => ReactNode);
}

/** The project panel's parts, each keyed: the project's name, offer and base note; the image actions. */
export interface ProjectPanelParts {
  project: ReactNode;
  imageActions: ReactNode;
}

/** The control column's project part (docs/product.md, Studio and preview: upload and project flow). */
export function ProjectPanel({ renderImageActions, children }: ProjectPanelProps) {
  const { t } = useTranslation('projects');
  const current = useCurrentProject();
  const me = useMe();
  const isProjectOpen = current.stage === 'created';
  useEffect(() => {
    if (!isProjectOpen) return afterFirstPaint(loadOfferPicker);
    void loadOfferPicker();
  }, [isProjectOpen]);

  if (current.stage === 'created') {
    if (current.loadError || (!me.isPending && !me.data)) return <ProjectLoadProblem />;
    const loading = (
      <p className="muted" role="status">
        {t('panel.loading')}
      </p>
    );
    if (!current.project) return loading;
    const projectPart = (
      <Fragment key="project">
        <ProjectName projectId={current.project.id} name={current.project.name} />
        <OfferPicker value={current.offer} onChange={current.setOffer} />
        <BaseImageNote />
      </Fragment>
    );
    const imageActions = <Fragment key="image-actions">{renderImageActions?.()}</Fragment>;
    return (
      <Suspense fallback={loading}>
        <div className="project-panel">
          {typeof children === 'function' ? (
            children({ project: projectPart, imageActions })
          ) : (
            <>
              {projectPart}
              {imageActions}
              {children}
            </>
          )}
        </div>
      </Suspense>
    );
  }
  if (current.stage === 'named') return <NewProjectUpload />;
  return <ProjectNameForm />;
}

function ProjectName({ projectId, name }: { projectId: string; name: string }) {
  const { t } = useTranslation('projects');
  const rename = useRenameProject();
  const [draft, setDraft] = useState<string | null>(null);

  if (draft === null) {
    return (
      <div className="project-panel__heading">
        <h3 className="project-panel__name">{t('panel.projectName', { name })}</h3>
        <Button variant="ghost" size="small" onClick={() => setDraft(name)}>
          {t('panel.rename')}
        </Button>
      </div>
    );
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const next = draft?.trim() ?? '';
    if (!next) return;
    try {
      await rename.mutateAsync({ projectId, name: next });
      setDraft(null);
    } catch {
      // The error is shown below the field.
    }
  }

  return (
    <form className="project-panel__rename" onSubmit={save}>
      <TextField
        label={t('panel.nameLabel')}
        value={draft}
        maxLength={120}
        onChange={(event) => setDraft(event.target.value)}
        error={rename.isError ? t('panel.renameFailed') : null}
      />
      <div className="project-panel__row">
        <Button type="submit" variant="primary" size="small" disabled={!draft.trim() || rename.isPending}>
          {t('panel.saveName')}
        </Button>
        <Button variant="ghost" size="small" onClick={() => setDraft(null)}>
          {t('panel.cancelRename')}
        </Button>
      </div>
    </form>
  );
}

function ProjectNameForm() {
  const { t } = useTranslation('projects');
  const current = useCurrentProject();
  const { isSignedIn, isCheckingAccount, requireSignIn, requireCredits } = useRequireCredits();
  const [message, setMessage] = useState<string | null>(null);

  function handleChange(value: string) {
    current.setDraftName(value);
    if (!isSignedIn && !isCheckingAccount) {
      const text = t('panel.mustBeLoggedIn');
      setMessage(text);
      requireSignIn(text);
    } else {
      setMessage(null);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!current.draftName.trim()) return;
    const reasons = { signIn: t('panel.needLogin'), noCredits: t('panel.noCredits') };
    const blocker = requireCredits(reasons);
    if (blocker) {
      setMessage(reasons[blocker]);
      return;
    }
    setMessage(null);
    current.confirmName();
  }

  return (
    <form className="project-panel" onSubmit={handleSubmit}>
      <TextField
        label={t('panel.nameLabel')}
        placeholder={t('panel.namePlaceholder')}
        value={current.draftName}
        maxLength={120}
        onChange={(event) => handleChange(event.target.value)}
        error={message}
      />
      <Button type="submit" variant="primary" disabled={!current.draftName.trim()}>
        {t('panel.create')}
      </Button>
    </form>
  );
}

function NewProjectUpload() {
  const { t } = useTranslation('projects');
  const current = useCurrentProject();
  const { openSignIn } = useSignInDialog();
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);

  useEffect(() => () => upload.current?.abort(), []);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  async function start(chosen: File) {
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setError(null);
    setProgress(0);
    try {
      await current.createProject(chosen, { onProgress: setProgress, signal: controller.signal });
    } catch (caught) {
      if (controller.signal.aborted) return;
      const text = uploadErrorMessage(caught, t);
      setError(text);
      // NO_CREDITS opens the purchase dialog by itself (credits feature); sign-in is asked here.
      if (caught instanceof ApiError && caught.code === 'NOT_AUTHENTICATED') openSignIn(t('panel.needLogin'));
    }
  }

  function select(chosen: File) {
    setFile(chosen);
    setPreviewUrl(URL.createObjectURL(chosen));
    void start(chosen);
  }

  function remove() {
    upload.current?.abort();
    setFile(null);
    setPreviewUrl(null);
    setProgress(null);
    setError(null);
  }

  return (
    <div className="project-panel">
      <div className="project-panel__heading">
        <h3 className="project-panel__name">{t('panel.projectName', { name: current.name })}</h3>
        <Button variant="ghost" size="small" onClick={current.resetProject}>
          {t('panel.changeName')}
        </Button>
      </div>
      <p className="muted">{t('panel.pickImageIntro')}</p>
      <ImagePicker
        onSelect={select}
        previewUrl={previewUrl}
        onRemove={remove}
        progress={progress}
        error={error}
        previewActions={
          error && file ? (
            <Button variant="primary" size="small" onClick={() => void start(file)}>
              {t('picker.retry')}
            </Button>
          ) : null
        }
      />
    </div>
  );
}

/** Says when the next edit starts from a result, with the way back to the original photo. */
function BaseImageNote() {
  const { t } = useTranslation('projects');
  const current = useCurrentProject();
  if (!current.baseImage?.resultId) return null;
  return (
    <p className="muted project-panel__base-note">
      {t('panel.baseIsResult')}{' '}
      <Button variant="ghost" size="small" onClick={current.chooseOriginalAsBase}>
        {t('panel.backToOriginal')}
      </Button>
    </p>
  );
}

/**
 * The photo the next transformation edits, as the studio's stage shows it
 * (docs/product.md, Studio and preview): fitted inside the stage, never covered by hints.
 */
export function ProjectPhoto({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('projects');
  const current = useCurrentProject();
  const base = current.baseImage;
  if (!base) return null;
  return (
    <figure className="project-photo">
      <img
        className="project-photo__image"
        src={base.image.url}
        alt={t('panel.currentImageAlt')}
        width={base.image.width}
        height={base.image.height}
      />
      {children}
      <figcaption className="visually-hidden">{t('panel.currentImage')}</figcaption>
    </figure>
  );
}

function ProjectLoadProblem() {
  const { t } = useTranslation('projects');
  const current = useCurrentProject();
  const me = useMe();
  const { openSignIn } = useSignInDialog();
  const isSignedOut = !me.isPending && !me.data;
  return (
    <div className="project-panel" role="alert">
      <p>{isSignedOut ? t('panel.signInToOpen') : t('panel.notFound')}</p>
      <div className="project-panel__row">
        {isSignedOut ? (
          <Button variant="primary" onClick={() => openSignIn(t('panel.signInToOpen'))}>
            {t('panel.signIn')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={current.resetProject}>
          {t('panel.startNew')}
        </Button>
      </div>
    </div>
  );
}
