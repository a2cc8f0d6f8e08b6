import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useKeyboardFocus } from './use-keyboard-focus.ts';

afterEach(() => {
  document.body.replaceChildren();
});

/** A labelled text box and the generated prompt under it, as in the phone sheet. */
function sheet() {
  const label = document.createElement('label');
  label.textContent = 'Describe the change';
  label.htmlFor = 'free-text';
  const freeText = document.createElement('textarea');
  freeText.id = 'free-text';
  const prompt = document.createElement('textarea');
  document.body.append(label, freeText, prompt);
  return { label, freeText, prompt };
}

function pointerDown(target: Element) {
  target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
}

describe('useKeyboardFocus', () => {
  it('counts a focus as the pointer only where the pointer went down: on the box or its label', () => {
    const { label, freeText } = sheet();
    const { result } = renderHook(() => useKeyboardFocus());
    pointerDown(freeText);
    expect(result.current(freeText)).toBe(false);
    pointerDown(label);
    expect(result.current(freeText)).toBe(false);
  });

  it("counts a phone form bar's move to the next field, which presses no key, as keyboard", () => {
    // A tap on one text box, then the form bar's ▼ focuses the prompt: no key event at all. It
    // counted as the tap, and the prompt stayed under Transform (decision 314).
    const { freeText, prompt } = sheet();
    const { result } = renderHook(() => useKeyboardFocus());
    pointerDown(freeText);
    expect(result.current(prompt)).toBe(true);
  });

  it('counts a key pressed after a pointer as keyboard, and the page before any input', () => {
    const { freeText } = sheet();
    const { result } = renderHook(() => useKeyboardFocus());
    expect(result.current(freeText)).toBe(true);
    pointerDown(freeText);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(result.current(freeText)).toBe(true);
  });
});
