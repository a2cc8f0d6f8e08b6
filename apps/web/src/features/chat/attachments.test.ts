import { describe, expect, it } from 'vitest';
import { addAttachments } from './attachments.ts';

const image = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/png' });

describe('addAttachments', () => {
  it('keeps at most three images and drops the rest', () => {
    const first = addAttachments([image('a.png')], [image('b.png'), image('c.png'), image('d.png')]);
    expect(first.files.map((file) => file.name)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(first.droppedForLimit).toBe(1);
    expect(addAttachments(first.files, [image('e.png')]).droppedForLimit).toBe(1);
  });

  it('drops files that are not images', () => {
    const choice = addAttachments([], [new File(['x'], 'notes.txt', { type: 'text/plain' }), image('a.png')]);
    expect(choice.files.map((file) => file.name)).toEqual(['a.png']);
    expect(choice.droppedNotImages).toBe(1);
    expect(choice.droppedForLimit).toBe(0);
  });
});
