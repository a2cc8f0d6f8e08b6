import type { ChatMessage } from '@facelift/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WithI18n } from '../../../test/with-i18n.tsx';
import { ChatMessageList } from './chat-message-list.tsx';

const messages: ChatMessage[] = [
  {
    id: 'm1',
    role: 'user',
    content: [{ type: 'input_text', text: 'paint the walls sage' }],
    image: null,
    savedResultId: null,
    createdAt: '2026-11-24T00:00:00.000Z',
  },
  {
    id: 'm2',
    role: 'assistant',
    content: [{ type: 'input_text', text: 'Here it is.' }],
    image: { key: 'k', url: '/i.png', thumbnailUrl: '/t.png', width: 800, height: 600 },
    savedResultId: null,
    createdAt: '2026-11-24T00:00:01.000Z',
  },
];

/** The list with a layout of our own: happy-dom lays nothing out. */
function renderList() {
  render(
    <WithI18n>
      <ChatMessageList messages={messages} pending={null} onOpenImage={() => {}} />
    </WithI18n>,
  );
  const list = document.querySelector<HTMLElement>('.chat-messages');
  if (!list) throw new Error('no list');
  let contentHeight = 400;
  Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => 300 });
  Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => contentHeight });
  const image = screen.getByRole('button', { name: 'Open the AI image' }).querySelector('img');
  if (!image) throw new Error('no image');
  return {
    list,
    image,
    grow(height: number) {
      contentHeight = height;
    },
  };
}

describe('ChatMessageList follows the newest message', () => {
  it('keeps following when its own move to the bottom is reported after the image took its height', () => {
    const { list, image, grow } = renderList();
    // The list's move to the bottom (as on a new reply)…
    fireEvent.load(image);
    expect(list.scrollTop).toBe(400);
    // …is reported a frame late, when the reply's image has made the content taller.
    grow(900);
    fireEvent.scroll(list);
    fireEvent.load(image);
    expect(list.scrollTop).toBe(900);
  });

  it('keeps the place of a user who scrolled up to read', () => {
    const { list, image, grow } = renderList();
    fireEvent.load(image);
    list.scrollTop = 20;
    fireEvent.scroll(list);
    grow(900);
    fireEvent.load(image);
    expect(list.scrollTop).toBe(20);
  });
});
