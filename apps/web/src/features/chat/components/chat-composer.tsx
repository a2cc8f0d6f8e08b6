import { maxChatReferenceImages, maxChatTextLength } from '@facelift/shared';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { addAttachments } from '../attachments.ts';

export interface ChatComposerProps {
  text: string;
  onTextChange(text: string): void;
  attachments: File[];
  onAttachmentsChange(files: File[]): void;
  onSend(): void;
  /** Why the last attempt failed or what was dropped, shown under the box. */
  message: string | null;
  onMessage(message: string | null): void;
  isBusy: boolean;
}

/**
 * The text box (Enter sends, Shift+Enter starts a new line), the reference images as
 * thumbnails with remove buttons, and the attach and send buttons.
 */
export function ChatComposer({
  text,
  onTextChange,
  attachments,
  onAttachmentsChange,
  onSend,
  message,
  onMessage,
  isBusy,
}: ChatComposerProps) {
  const { t } = useTranslation('chat');
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => attachments.map((file) => URL.createObjectURL(file)), [attachments]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );
  const canSend = text.trim().length > 0 && !isBusy;

  function attach(files: FileList | null) {
    if (!files) return;
    const choice = addAttachments(attachments, Array.from(files));
    onAttachmentsChange(choice.files);
    onMessage(
      choice.droppedForLimit > 0 ? t('tooManyImages') : choice.droppedNotImages > 0 ? t('notAnImage') : null,
    );
    // The same file can be chosen again after removing it.
    if (fileInput.current) fileInput.current.value = '';
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSend) onSend();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter (and Enter while composing accented text) types a new line.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  }

  return (
    <form className="chat-composer" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('messageLabel')}
      </label>
      <textarea
        id={inputId}
        className="chat-composer__input"
        value={text}
        rows={2}
        maxLength={maxChatTextLength}
        placeholder={t('placeholder')}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      {attachments.length > 0 ? (
        <ul className="chat-composer__attachments" aria-label={t('attachmentsLabel')}>
          {attachments.map((file, index) => (
            <li key={previews[index]} className="chat-composer__attachment">
              <img src={previews[index]} alt={t('referenceImage', { number: index + 1 })} />
              <button
                type="button"
                className="chat-composer__remove"
                aria-label={t('removeReference', { number: index + 1 })}
                onClick={() => {
                  onAttachmentsChange(attachments.filter((candidate) => candidate !== file));
                  onMessage(null);
                }}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="chat-composer__actions">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={(event) => attach(event.target.files)}
          data-testid="chat-attach-input"
        />
        <Button onClick={() => fileInput.current?.click()}>{t('attach')}</Button>
        <span className="ui-field__hint">
          {attachments.length}/{maxChatReferenceImages}
        </span>
        <Button type="submit" variant="primary" disabled={!canSend}>
          {t('send')}
        </Button>
      </div>
      {message ? (
        <p className="ui-alert ui-alert--error" role="alert">
          {message}
        </p>
      ) : null}
    </form>
  );
}
