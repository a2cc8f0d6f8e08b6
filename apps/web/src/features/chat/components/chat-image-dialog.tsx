import type { ChatMessage } from '@facelift/shared';
import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useCurrentProject } from '../../projects/index.ts';
import { shareResult } from '../../transform/index.ts';
import { useSaveChatImage } from '../api/save-chat-image.ts';
import { useDraggablePosition } from '../hooks/use-draggable-position.ts';

export interface ChatImageDialogProps {
  /** The assistant message whose image is shown; null closes the dialog. */
  message: ChatMessage | null;
  onClose(): void;
}

/**
 * A reply's image in a dialog the user can move out of the way (docs/product.md, Chat): by its
 * title bar with mouse or touch, or with the arrow keys on it. Download, share, and save to
 * the project (a result in the gallery, usable as the next base).
 */
export function ChatImageDialog({ message, onClose }: ChatImageDialogProps) {
  const { t } = useTranslation('chat');
  const { t: tTransform } = useTranslation('transform');
  const project = useCurrentProject();
  const save = useSaveChatImage(project.projectId);
  const contentRef = useRef<HTMLDivElement>(null);
  const { offset, handleProps, reset } = useDraggablePosition(contentRef);
  const [shareMessage, setShareMessage] = useState<string | null>(null);
  const [isSharing, setIsSharing] = useState(false);
  const image = message?.image ?? null;
  // The cache holds the message as the events last described it; prefer that to the prop.
  const current = message ? (project.chatHistory.find((entry) => entry.id === message.id) ?? message) : null;
  const isSaved = Boolean(current?.savedResultId) || save.isSuccess;

  async function share() {
    if (!image) return;
    setIsSharing(true);
    const outcome = await shareResult(image.url, tTransform('shareText'));
    setIsSharing(false);
    const messages = {
      shared: tTransform('shared'),
      aborted: null,
      copied: tTransform('shareUnsupportedCopied'),
      unsupported: tTransform('shareUnsupported'),
      failed: tTransform('shareFailed'),
    } as const;
    setShareMessage(messages[outcome]);
    if (outcome !== 'aborted') window.setTimeout(() => setShareMessage(null), 4000);
  }

  return (
    <Dialog.Root
      open={message !== null && image !== null}
      onOpenChange={(open) => {
        if (open) return;
        reset();
        save.reset();
        setShareMessage(null);
        onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="ui-modal__overlay chat-image-dialog__overlay" />
        <Dialog.Content
          ref={contentRef}
          className="chat-image-dialog"
          aria-describedby={undefined}
          style={{ transform: `translate(calc(-50% + ${offset.x}px), calc(-50% + ${offset.y}px))` }}
        >
          <div className="chat-image-dialog__bar" {...handleProps}>
            <Dialog.Title className="chat-image-dialog__title">{t('dialogTitle')}</Dialog.Title>
            {/* A focusable grip so that keyboard users can move the dialog with the arrow keys. */}
            <button
              type="button"
              className="chat-image-dialog__grip"
              data-drag-grip
              aria-label={t('moveDialog')}
            >
              <span aria-hidden="true">⠿</span>
            </button>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('close')}>
                <span aria-hidden="true">✕</span>
              </Button>
            </Dialog.Close>
          </div>
          {image ? (
            <img
              className="chat-image-dialog__image"
              src={image.url}
              alt={t('replyImageAlt')}
              width={image.width}
              height={image.height}
              draggable={false}
            />
          ) : null}
          <div className="chat-image-dialog__actions">
            {image ? (
              <a
                className="ui-button ui-button--secondary"
                href={image.url}
                download={`facelift-chat-${message?.id ?? 'image'}.png`}
              >
                {tTransform('download')}
              </a>
            ) : null}
            <Button onClick={share} disabled={isSharing}>
              {isSharing ? tTransform('sharing') : tTransform('share')}
            </Button>
            <Button
              variant="primary"
              onClick={() => message && save.mutate(message.id)}
              disabled={isSaved || save.isPending}
            >
              {save.isPending ? t('savingToProject') : t('saveToProject')}
            </Button>
          </div>
          {isSaved ? (
            <p className="ui-alert ui-alert--success" role="status">
              {t('savedToProject')}
            </p>
          ) : null}
          {save.isError ? (
            <p className="ui-alert ui-alert--error" role="alert">
              {t('saveToProjectError')}
            </p>
          ) : null}
          {shareMessage ? (
            <p className="ui-field__hint" role="status">
              {shareMessage}
            </p>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
