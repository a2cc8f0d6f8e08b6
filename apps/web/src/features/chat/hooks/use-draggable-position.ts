import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';

export interface Offset {
  x: number;
  y: number;
}

/** Space kept between a dragged box and the edges of the window. */
const edgeMargin = 8;
const keyStep = 20;
const largeKeyStep = 80;

/**
 * Keeps a box of size `size`, placed at `base` (its position at offset 0), inside the viewport:
 * the offset is limited so that no edge leaves the window. A box larger than the window keeps
 * its top-left corner visible.
 */
export function clampOffset(
  offset: Offset,
  base: { left: number; top: number; width: number; height: number },
  viewport: { width: number; height: number },
): Offset {
  const clampAxis = (value: number, start: number, length: number, available: number) => {
    const lowest = edgeMargin - start;
    const highest = available - edgeMargin - (start + length);
    return highest < lowest ? lowest : Math.min(highest, Math.max(lowest, value));
  };
  return {
    x: clampAxis(offset.x, base.left, base.width, viewport.width),
    y: clampAxis(offset.y, base.top, base.height, viewport.height),
  };
}

/**
 * Moves a box by a handle: mouse, pen and touch through pointer events, the keyboard through
 * the arrow keys (Shift for larger steps). The box never leaves the window, also when the
 * window shrinks.
 */
export function useDraggablePosition(boxRef: RefObject<HTMLElement | null>) {
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const offsetRef = useRef(offset);
  offsetRef.current = offset;
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: Offset } | null>(null);

  const moveTo = useCallback(
    (wanted: Offset) => {
      const box = boxRef.current;
      if (!box) return;
      const rect = box.getBoundingClientRect();
      const current = offsetRef.current;
      const base = {
        left: rect.left - current.x,
        top: rect.top - current.y,
        width: rect.width,
        height: rect.height,
      };
      setOffset(clampOffset(wanted, base, { width: window.innerWidth, height: window.innerHeight }));
    },
    [boxRef],
  );

  useEffect(() => {
    const keepInside = () => moveTo(offsetRef.current);
    window.addEventListener('resize', keepInside);
    return () => window.removeEventListener('resize', keepInside);
  }, [moveTo]);

  const handleProps = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      // Buttons inside the handle (close) keep working as buttons; the grip is for moving.
      if ((event.target as HTMLElement).closest('button:not([data-drag-grip])')) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = {
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        from: offsetRef.current,
      };
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      moveTo({
        x: current.from.x + event.clientX - current.startX,
        y: current.from.y + event.clientY - current.startY,
      });
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (drag.current?.pointerId === event.pointerId) drag.current = null;
    },
    onPointerCancel() {
      drag.current = null;
    },
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      const step = event.shiftKey ? largeKeyStep : keyStep;
      const moves: Record<string, Offset> = {
        ArrowLeft: { x: -step, y: 0 },
        ArrowRight: { x: step, y: 0 },
        ArrowUp: { x: 0, y: -step },
        ArrowDown: { x: 0, y: step },
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      moveTo({ x: offsetRef.current.x + move.x, y: offsetRef.current.y + move.y });
    },
  };

  return { offset, handleProps, reset: () => setOffset({ x: 0, y: 0 }) };
}
