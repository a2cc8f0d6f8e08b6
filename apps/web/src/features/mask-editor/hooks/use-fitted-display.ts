import { useCallback, useRef, useState } from 'react';

/**
 * The size the photo is shown at in the editor: the size asked for, made smaller when the
 * photo's box (what the toolbar and hints leave of the screen) is smaller, so the whole photo
 * is in view unzoomed (at 1366 × 768 the asked-for 72 % of the window height overflowed the
 * box by 21 px and hid the facade's bottom edge). Brush sizes are in these pixels, as before.
 */
export function useFittedDisplay(wanted: { width: number; height: number }) {
  const [box, setBox] = useState<{ width: number; height: number } | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const observe = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = () => setBox({ width: element.clientWidth, height: element.clientHeight });
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
    measure();
  }, []);
  const scale =
    box && box.width > 0 && box.height > 0
      ? Math.min(1, box.width / wanted.width, box.height / wanted.height)
      : 1;
  return {
    width: Math.max(1, Math.floor(wanted.width * scale)),
    height: Math.max(1, Math.floor(wanted.height * scale)),
    observe,
  };
}
