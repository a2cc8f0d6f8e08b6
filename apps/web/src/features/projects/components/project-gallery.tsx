import type { HistoryItem } from '@facelift/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../projects.css';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { afterFirstPaint } from '../../../lib/after-first-paint.ts';
import { useCurrentProject } from '../current-project-context.tsx';
import type { Opened } from './gallery-opened-dialog.tsx';

// The dialog that shows an opened image is fetched once the gallery shows images and the browser
// is idle; it mounts on the first opening and stays mounted after, for its closing animation
// (docs/decisions/108-app-shell-split.md).
const loadGalleryOpenedDialog = () => import('./gallery-opened-dialog.tsx');
const GalleryOpenedDialog = lazy(() =>
  loadGalleryOpenedDialog().then((module) => ({ default: module.GalleryOpenedDialog })),
);

function useDateFormat() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => format.format(new Date(iso));
}

/**
 * The gallery (docs/product.md, Studio and preview): the original and every result of the current project, newest
 * first; hovering (or focusing) a result shows before/after; clicking opens it; "use as
 * base" makes a result the image the next transformation edits. New results arrive live.
 */
export interface ProjectGalleryProps {
  /**
   * Called when a result is clicked, e.g. to show it in the result panel; without it the
   * gallery opens the result in its own dialog.
   */
  onOpenResult?(item: HistoryItem): void;
}

export function ProjectGallery({ onOpenResult }: ProjectGalleryProps = {}) {
  const { t } = useTranslation('projects');
  const current = useCurrentProject();
  const formatDate = useDateFormat();
  const showToast = useToast();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  const open = (next: Opened) => {
    setWasOpened(true);
    setOpened(next);
  };
  const original = current.originalImage;
  const hasImages = original !== null;
  useEffect(() => (hasImages ? afterFirstPaint(loadGalleryOpenedDialog) : undefined), [hasImages]);

  if (!original || !current.project) {
    return <div className="empty-state">{t('gallery.empty')}</div>;
  }

  function chooseAsBase(item: HistoryItem) {
    current.chooseAsBase(item);
    setOpened(null);
    showToast({ description: t('gallery.useAsBaseDone'), tone: 'success' });
  }

  const baseResultId = current.baseImage?.resultId ?? null;
  return (
    <>
      <ul className="gallery-grid">
        <li className="gallery-tile">
          <button
            type="button"
            className="gallery-tile__open"
            onClick={() => open({ kind: 'original' })}
            aria-label={t('gallery.openOriginal')}
          >
            <img src={original.thumbnailUrl} alt="" loading="lazy" />
            <span className="gallery-tile__badge">{t('gallery.original')}</span>
          </button>
          <div className="gallery-tile__footer">
            <span className="muted">{formatDate(current.project.createdAt)}</span>
            {baseResultId === null ? (
              <span className="gallery-tile__current">{t('gallery.currentBase')}</span>
            ) : (
              <Button variant="ghost" size="small" onClick={current.chooseOriginalAsBase}>
                {t('gallery.useAsBase')}
              </Button>
            )}
          </div>
        </li>
        {current.history.map((item) => (
          <li key={item.id} className="gallery-tile" data-testid="gallery-result">
            <button
              type="button"
              className="gallery-tile__open gallery-tile__open--compare"
              onClick={() => (onOpenResult ? onOpenResult(item) : open({ kind: 'result', item }))}
              aria-label={t('gallery.openResult', { date: formatDate(item.createdAt) })}
            >
              <img src={item.transformed.thumbnailUrl} alt="" loading="lazy" />
              {/* Before/after on hover: the source covers the left half. */}
              <span className="gallery-tile__before" aria-hidden="true">
                <img src={item.original.thumbnailUrl} alt="" loading="lazy" />
              </span>
              <span className="gallery-tile__label gallery-tile__label--before" aria-hidden="true">
                {t('gallery.before')}
              </span>
              <span className="gallery-tile__label gallery-tile__label--after" aria-hidden="true">
                {t('gallery.after')}
              </span>
            </button>
            <div className="gallery-tile__footer">
              <span className="muted">{formatDate(item.createdAt)}</span>
              {baseResultId === item.id ? (
                <span className="gallery-tile__current">{t('gallery.currentBase')}</span>
              ) : (
                <Button variant="ghost" size="small" onClick={() => chooseAsBase(item)}>
                  {t('gallery.useAsBase')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {wasOpened ? (
        <Suspense fallback={null}>
          <GalleryOpenedDialog
            opened={opened}
            original={original}
            projectName={current.project.name}
            onClose={() => setOpened(null)}
            onChooseAsBase={chooseAsBase}
            formatDate={formatDate}
          />
        </Suspense>
      ) : null}
    </>
  );
}
