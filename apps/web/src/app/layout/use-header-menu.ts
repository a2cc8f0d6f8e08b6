import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The phone header's Menu (a disclosure: a button with aria-expanded and the group it shows).
 * It closes on Escape (focus back on the button), on a press outside the header's navigation,
 * and when one of its actions is chosen. On wider screens the button is hidden and the group
 * always shown by CSS, so none of this changes anything there.
 */
export function useHeaderMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !containerRef.current?.contains(document.activeElement)) return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const toggle = useCallback(() => setIsOpen((open) => !open), []);

  /**
   * Closes the menu, then runs `action`. On a phone the chosen button disappears with the menu,
   * so the focus goes to the Menu button first: a dialog the action opens returns it there.
   */
  const closeThen = useCallback((action: () => void) => {
    setIsOpen(false);
    const button = buttonRef.current;
    if (button && button.offsetParent !== null) button.focus();
    action();
  }, []);

  return { isOpen, toggle, closeThen, containerRef, buttonRef };
}
