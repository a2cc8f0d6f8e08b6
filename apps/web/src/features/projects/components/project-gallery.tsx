import type { HistoryItem, StoredImage } from '@facelift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../projects.css';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useCurrentProject } from '../current-project-context.tsx';

type Opened = { kind: 'original' } | { kind: 'result'; item: HistoryItem };

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
  const original = current.originalImage;

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
            onClick={() => setOpened({ kind: 'original' })}
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
              onClick={() => (onOpenResult ? onOpenResult(item) : setOpened({ kind: 'result', item }))}
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
      <Modal
        open={opened !== null}
        onOpenChange={(open) => {
          if (!open) setOpened(null);
        }}
        title={opened?.kind === 'result' ? t('gallery.resultTitle') : t('gallery.originalTitle')}
        closeLabel={t('dashboard.back')}
        wide
      >
        {opened?.kind === 'result' ? (
          <OpenedResult
            item={opened.item}
            onChooseAsBase={() => chooseAsBase(opened.item)}
            formatDate={formatDate}
          />
        ) : opened?.kind === 'original' ? (
          <OpenedImage image={original} alt={t('gallery.originalAlt', { name: current.project.name })} />
        ) : null}
      </Modal>
    </>
  );
}

function OpenedImage({ image, alt }: { image: StoredImage; alt: string }) {
  const { t } = useTranslation('projects');
  return (
    <div className="gallery-opened">
      <img
        className="gallery-opened__image"
        src={image.url}
        alt={alt}
        width={image.width}
        height={image.height}
      />
      <div className="gallery-opened__actions">
        <a className="ui-button ui-button--secondary" href={image.url} download>
          {t('gallery.download')}
        </a>
      </div>
    </div>
  );
}

function OpenedResult({
  item,
  onChooseAsBase,
  formatDate,
}: {
  item: HistoryItem;
  onChooseAsBase(): void;
  formatDate(iso: string): string;
}) {
  const { t } = useTranslation('projects');
  return (
    <div className="gallery-opened">
      <div className="gallery-opened__pair">
        <figure>
          <img
            src={item.original.url}
            alt={t('gallery.before')}
            width={item.original.width}
            height={item.original.height}
          />
          <figcaption>{t('gallery.before')}</figcaption>
        </figure>
        <figure>
          <img
            src={item.transformed.url}
            alt={t('gallery.resultAlt', { date: formatDate(item.createdAt) })}
            width={item.transformed.width}
            height={item.transformed.height}
          />
          <figcaption>{t('gallery.after')}</figcaption>
        </figure>
      </div>
      {item.prompt ? (
        <p>
          <strong>{t('gallery.prompt')}:</strong> {item.prompt}
        </p>
      ) : null}
      <p className="muted">{t('gallery.createdAt', { date: formatDate(item.createdAt) })}</p>
      <div className="gallery-opened__actions">
        <Button variant="primary" onClick={onChooseAsBase}>
          {t('gallery.useAsBase')}
        </Button>
        <a className="ui-button ui-button--secondary" href={item.transformed.url} download>
          {t('gallery.download')}
        </a>
      </div>
    </div>
  );
}
