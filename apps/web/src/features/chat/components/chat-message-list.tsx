import { type ChatMessage, chatMessageText } from '@facelift/shared';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A message shown before the server has stored it: the user's words appear at once. */
export interface PendingMessage {
  text: string;
  /** Object URLs of the attached reference images. */
  imageUrls: string[];
}

export interface ChatMessageListProps {
  messages: ChatMessage[];
  pending: PendingMessage | null;
  onOpenImage(message: ChatMessage): void;
  /** Shown after the last message: the reply's progress or its error. */
  footer?: ReactNode;
}

/** How close to the bottom (px) still counts as "reading the newest". */
const bottomSlack = 48;

/**
 * The conversation, oldest first, in a log region so that screen readers announce new
 * replies. It follows the newest message while the user is at the bottom, and keeps its
 * place while the user reads older messages.
 */
export function ChatMessageList({ messages, pending, onOpenImage, footer }: ChatMessageListProps) {
  const { t } = useTranslation('chat');
  const listRef = useRef<HTMLDivElement>(null);
  const isFollowing = useRef(true);
  // Where the list last put itself. Scroll events come a frame late: by then a reply's image
  // may have taken its height, and the list's own move to the bottom looked like the user
  // scrolling up (a phone's conversation then stopped short of the image). Only a move above
  // this place is the user's.
  const placedTop = useRef(0);

  const scrollToNewest = useCallback(() => {
    const list = listRef.current;
    if (!list || !isFollowing.current) return;
    list.scrollTop = list.scrollHeight;
    placedTop.current = list.scrollTop;
  }, []);

  const lastMessage = messages.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new content is the trigger
  useLayoutEffect(() => {
    // The user's own message always brings the view down to it.
    if (pending || lastMessage?.role === 'user') isFollowing.current = true;
    scrollToNewest();
    // In a phone's sheet the list comes first and the offers last: choosing Chat there, or a
    // reply arriving, left the conversation scrolled out of the sheet. Bring the list into view
    // (no move where it already shows, as on a laptop; decision 093).
    if (isFollowing.current) listRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [messages.length, pending, footer !== undefined && footer !== null, scrollToNewest]);

  // The list is the studio column's flexible part: when it changes size (the composer grows
  // with what is typed, the window is resized) or its content does (a reply's image takes its
  // height, a line wraps) the newest message stays in view.
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => scrollToNewest());
    observer.observe(list);
    if (list.firstElementChild) observer.observe(list.firstElementChild);
    return () => observer.disconnect();
  }, [scrollToNewest]);

  return (
    <div
      ref={listRef}
      className="chat-messages"
      onScroll={(event) => {
        const list = event.currentTarget;
        if (list.scrollHeight - list.scrollTop - list.clientHeight < bottomSlack) isFollowing.current = true;
        else if (list.scrollTop < placedTop.current - 1) isFollowing.current = false;
      }}
    >
      <ol className="chat-messages__list" role="log" aria-live="polite" aria-label={t('messagesLabel')}>
        {messages.length === 0 && !pending ? (
          <li className="chat-messages__empty muted">{t('empty')}</li>
        ) : null}
        {messages.map((message) => (
          <li key={message.id} className={`chat-message chat-message--${message.role}`}>
            <span className="visually-hidden">{message.role === 'user' ? t('you') : t('assistant')}: </span>
            <MessageBody message={message} onOpenImage={onOpenImage} onImageLoad={scrollToNewest} />
          </li>
        ))}
        {pending ? (
          <li className="chat-message chat-message--user chat-message--pending">
            <span className="visually-hidden">{t('you')}: </span>
            <p className="chat-message__text">{pending.text}</p>
            {pending.imageUrls.length > 0 ? (
              <div className="chat-message__references">
                {pending.imageUrls.map((url, index) => (
                  <img key={url} src={url} alt={t('referenceImage', { number: index + 1 })} />
                ))}
              </div>
            ) : null}
            <p className="chat-message__note muted">{t('sending')}</p>
          </li>
        ) : null}
      </ol>
      {footer}
    </div>
  );
}

function MessageBody({
  message,
  onOpenImage,
  onImageLoad,
}: {
  message: ChatMessage;
  onOpenImage(message: ChatMessage): void;
  onImageLoad(): void;
}) {
  const { t } = useTranslation('chat');
  const text = chatMessageText(message);
  const references = message.content.flatMap((item) => (item.type === 'input_image' ? [item.image] : []));
  return (
    <>
      {text ? <p className="chat-message__text">{text}</p> : null}
      {message.role === 'assistant' && !text && !message.image ? (
        <p className="chat-message__text muted">{t('noResponse')}</p>
      ) : null}
      {references.length > 0 ? (
        <div className="chat-message__references">
          {references.map((image, index) => (
            <img
              key={image.key}
              src={image.thumbnailUrl}
              alt={t('referenceImage', { number: index + 1 })}
              onLoad={onImageLoad}
            />
          ))}
        </div>
      ) : null}
      {message.image ? (
        <button
          type="button"
          className="chat-message__image-button"
          onClick={() => onOpenImage(message)}
          aria-label={t('openImage')}
        >
          <img
            src={message.image.thumbnailUrl}
            alt=""
            width={message.image.width}
            height={message.image.height}
            onLoad={onImageLoad}
          />
        </button>
      ) : null}
    </>
  );
}
