import { useEffect, useState } from 'react';

export interface MaskShortcutOptions {
  /** Shortcuts listen only while the editor is open. */
  isEnabled: boolean;
  onUndo(): void;
  onRedo(): void;
  /** `[` and `]`: grow or shrink the brush by `step` display pixels. */
  onBrushSizeStep(step: number): void;
}

const brushSizeStep = 5;

function isTyping(target: EventTarget | null) {
  return target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA');
}

/**
 * The editor's keyboard: Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z or Ctrl/Cmd+Y redo, `[`/`]` brush
 * size, and Space held to pan. Returns whether Space is held.
 */
export function useMaskShortcuts({
  isEnabled,
  onUndo,
  onRedo,
  onBrushSizeStep,
}: MaskShortcutOptions): boolean {
  const [isSpaceHeld, setIsSpaceHeld] = useState(false);

  useEffect(() => {
    if (!isEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // Handled already, e.g. Space selecting at the crosshair on the focused photo.
      if (event.defaultPrevented) return;
      const key = event.key.toLowerCase();
      if ((event.ctrlKey || event.metaKey) && (key === 'z' || key === 'y')) {
        event.preventDefault();
        if (key === 'y' || event.shiftKey) onRedo();
        else onUndo();
        return;
      }
      if (event.key === '[' || event.key === ']') {
        event.preventDefault();
        onBrushSizeStep(event.key === '[' ? -brushSizeStep : brushSizeStep);
        return;
      }
      // Space pans, unless it would press a focused button or type into a field.
      if (event.key === ' ' && !isTyping(event.target) && !(event.target instanceof HTMLButtonElement)) {
        event.preventDefault();
        setIsSpaceHeld(true);
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ') setIsSpaceHeld(false);
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [isEnabled, onUndo, onRedo, onBrushSizeStep]);

  return isSpaceHeld;
}
