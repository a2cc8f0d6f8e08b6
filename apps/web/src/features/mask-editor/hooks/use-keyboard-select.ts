import type { Point } from '@facelift/shared';
import { type FocusEvent, type KeyboardEvent as ReactKeyboardEvent, useState } from 'react';

/** Where the crosshair is, as fractions (0…1) of the photo's width and height. */
export interface Crosshair {
  x: number;
  y: number;
}

/** An arrow moves the crosshair 1 % of the photo; with Shift 10 %. */
export const crosshairStep = 0.01;
export const crosshairBigStep = 0.1;

const arrows: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** The crosshair after a key, or null when the key does not move it. */
export function movedCrosshair(crosshair: Crosshair, key: string, isBigStep: boolean): Crosshair | null {
  const direction = arrows[key];
  if (!direction) return null;
  const step = isBigStep ? crosshairBigStep : crosshairStep;
  // Rounded to the step grid so that ten small steps land where one big step does.
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    x: round(clamp(crosshair.x + direction[0] * step)),
    y: round(clamp(crosshair.y + direction[1] * step)),
  };
}

export interface KeyboardSelectOptions {
  /**
   * Enter or Space acts at the crosshair: smart select selects there, the brush and the eraser
   * start or stop a stroke, region select sets a corner (docs/decisions/092-keyboard-marking.md).
   */
  onSelect(at: Crosshair, mode: 'add' | 'subtract'): void;
  /** Told where the crosshair moved from and to, to draw along and to announce it. */
  onMove(at: Crosshair, from: Crosshair): void;
}

/**
 * Marking without a pointer (docs/product.md, Marking and selection): the focused photo
 * shows a crosshair that arrows move (Shift: bigger steps); Enter or Space acts there (smart
 * select selects, Shift+Enter or Shift+Space removes, as Shift-click does). The keys it handles are marked
 * `defaultPrevented` so that the editor's window shortcuts (Space to pan) leave them alone.
 */
export function useKeyboardSelect({ onSelect, onMove }: KeyboardSelectOptions) {
  const [crosshair, setCrosshair] = useState<Crosshair>({ x: 0.5, y: 0.5 });
  // Shown for keyboard focus only: a click focuses the photo too, and must look as before.
  const [isShown, setIsShown] = useState(false);

  const handleKeyDown = (event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    const moved = movedCrosshair(crosshair, event.key, event.shiftKey);
    if (moved) {
      event.preventDefault();
      setIsShown(true);
      setCrosshair(moved);
      onMove(moved, crosshair);
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setIsShown(true);
      if (!event.repeat) onSelect(crosshair, event.shiftKey ? 'subtract' : 'add');
    }
  };

  return {
    crosshair,
    /** The crosshair shows while the photo has the keyboard focus. */
    showsCrosshair: isShown,
    handlers: {
      onKeyDown: handleKeyDown,
      onFocus: (event: FocusEvent<HTMLElement>) => setIsShown(event.currentTarget.matches(':focus-visible')),
      onBlur: () => setIsShown(false),
    },
  };
}

/** The crosshair in pixels of a picture of `size`. */
export function crosshairPoint(crosshair: Crosshair, size: { width: number; height: number }): Point {
  return {
    x: Math.min(size.width - 1, Math.floor(crosshair.x * size.width)),
    y: Math.min(size.height - 1, Math.floor(crosshair.y * size.height)),
  };
}
