import { useCallback, useEffect, useRef } from 'react';

/**
 * Whether the focus arriving at `focused` was moved by the keyboard (Tab, a shortcut, a phone's
 * form bar) rather than by a pointer. `:focus-visible` cannot tell for a text box, which Chromium
 * marks focus-visible on a click too (docs/decisions/286-text-box-scrolls-on-keyboard-focus-only.md).
 *
 * A focus is the pointer's only when it lands where the last pointer went down (on the element,
 * inside it, or on a label of it) with no key pressed since. A phone's form bar (the ▲ ▼ arrows
 * above an on-screen keyboard) moves the focus to another field with no key event at all: counted
 * as the pointer's last tap, it left the generated prompt under Transform (decision 314). Focus
 * moved by the page itself after a click (a dialog giving it back to its opener, a button) thus
 * counts as keyboard too; the studio only acts on a text box's focus, and none is given one so.
 */
export function useKeyboardFocus(): (focused: Element) => boolean {
  // Where the last pointer went down, or null when a key was pressed since.
  const pointerTarget = useRef<Element | null>(null);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      pointerTarget.current = event.target instanceof Element ? event.target : null;
    };
    const onKeyDown = () => {
      pointerTarget.current = null;
    };
    // Captured on the document: Tab's keydown is dispatched where the focus was, maybe outside.
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, []);
  return useCallback((focused: Element) => {
    const target = pointerTarget.current;
    if (!target) return true;
    if (focused.contains(target)) return false;
    const label = target.closest('label');
    return !(label && label.control === focused);
  }, []);
}
