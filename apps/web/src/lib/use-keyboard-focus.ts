import { useCallback, useEffect, useRef } from 'react';

/**
 * Whether the focus moving now was moved by the keyboard (Tab, a shortcut) rather than by a
 * pointer: the last input the page saw. `:focus-visible` cannot tell for a text box, which
 * Chromium marks focus-visible on a click too (docs/decisions/286-text-box-scrolls-on-keyboard-focus-only.md).
 * Focus moved by the page itself follows the last input: a key closing a dialog counts as keyboard.
 */
export function useKeyboardFocus(): () => boolean {
  const isKeyboard = useRef(true);
  useEffect(() => {
    const onPointerDown = () => {
      isKeyboard.current = false;
    };
    const onKeyDown = () => {
      isKeyboard.current = true;
    };
    // Captured on the document: Tab's keydown is dispatched where the focus was, maybe outside.
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, []);
  return useCallback(() => isKeyboard.current, []);
}
