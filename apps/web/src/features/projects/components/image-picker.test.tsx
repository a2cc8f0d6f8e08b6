import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { WithI18n } from '../../../test/with-i18n.tsx';
import { ImagePicker } from './image-picker.tsx';

function file(name: string, type: string) {
  return new File([new Uint8Array([1, 2, 3])], name, { type });
}

function drop(target: HTMLElement, files: File[]) {
  fireEvent.drop(target, { dataTransfer: { files, types: ['Files'] } });
}

describe('ImagePicker', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('uses only the first dropped file and highlights the zone while dragging', () => {
    const onSelect = vi.fn();
    render(
      <WithI18n>
        <ImagePicker onSelect={onSelect} previewUrl={null} onRemove={() => {}} />
      </WithI18n>,
    );
    const zone = screen.getByTestId('image-drop-zone');
    fireEvent.dragEnter(zone, { dataTransfer: { files: [], types: ['Files'] } });
    expect(zone.className).toContain('image-picker__zone--dragging');
    const first = file('facade.png', 'image/png');
    drop(zone, [first, file('second.jpg', 'image/jpeg')]);
    expect(zone.className).not.toContain('image-picker__zone--dragging');
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(first);
  });

  it('refuses a non-image with "Please select an image file"', () => {
    const onSelect = vi.fn();
    render(
      <WithI18n>
        <ImagePicker onSelect={onSelect} previewUrl={null} onRemove={() => {}} />
      </WithI18n>,
    );
    drop(screen.getByTestId('image-drop-zone'), [
      file('notes.txt', 'text/plain'),
      file('x.png', 'image/png'),
    ]);
    expect(screen.getByRole('alert').textContent).toBe('Please select an image file');
    expect(onSelect).not.toHaveBeenCalled();
    // Browsing accepts images only.
    const input = screen.getByLabelText('Photo of the facade') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
  });

  it('shows the preview with a remove button, and the upload progress as a percentage', () => {
    const onRemove = vi.fn();
    const view = render(
      <WithI18n>
        <ImagePicker onSelect={() => {}} previewUrl="blob:preview" onRemove={onRemove} />
      </WithI18n>,
    );
    expect(screen.getByRole('img', { name: 'Preview of the chosen photo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    view.rerender(
      <WithI18n>
        <ImagePicker onSelect={() => {}} previewUrl="blob:preview" onRemove={onRemove} progress={42} />
      </WithI18n>,
    );
    expect(screen.getByText('Uploading… 42%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
  });
});
