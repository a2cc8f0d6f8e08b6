import type { HistoryItem, StoredImage } from '@facelift/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { usePromptInLanguage } from '../../directives/index.ts';

export type Opened = { kind: 'original' } | { kind: 'result'; item: HistoryItem };

export interface GalleryOpenedDialogProps {
  opened: Opened | null;
  original: StoredImage;
  projectName: string;
  onClose(): void;
  onChooseAsBase(item: HistoryItem): void;
  formatDate(iso: string): string;
}

/** The gallery's dialog for an opened original or result (project-gallery.tsx). */
export function GalleryOpenedDialog({
  opened,
  original,
  projectName,
  onClose,
  onChooseAsBase,
  formatDate,
}: GalleryOpenedDialogProps) {
  const { t } = useTranslation('projects');
  return (
    <Modal
      open={opened !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={opened?.kind === 'result' ? t('gallery.resultTitle') : t('gallery.originalTitle')}
      closeLabel={t('dashboard.back')}
      wide
    >
      {opened?.kind === 'result' ? (
        <OpenedResult
          item={opened.item}
          onChooseAsBase={() => onChooseAsBase(opened.item)}
          formatDate={formatDate}
        />
      ) : opened?.kind === 'original' ? (
        <OpenedImage image={original} alt={t('gallery.originalAlt', { name: projectName })} />
      ) : null}
    </Modal>
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
  const shownPrompt = usePromptInLanguage();
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
          <strong>{t('gallery.prompt')}:</strong> {shownPrompt.show(item.prompt)}
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
