import { mapPoint, type Point, type Size } from '@facelift/shared';
import {
  type PointerEvent as ReactPointerEvent,
  type WheelEvent as ReactWheelEvent,
  type RefObject,
  useCallback,
  useRef,
  useState,
} from 'react';
import type { ToolSettings } from '../components/mask-editor-toolbar.tsx';
import type { MaskLayers } from '../mask-layers.ts';
import type { PixelBox } from '../mask-painting.ts';
import {
  fittedViewport,
  panBy,
  revealPoint,
  type Viewport,
  wheelZoomFactor,
  zoomAround,
} from '../viewport.ts';

type Gesture =
  | { kind: 'stroke'; last: Point }
  | { kind: 'shape'; start: Point; current: Point }
  | { kind: 'pan'; lastX: number; lastY: number }
  | { kind: 'pinch'; distance: number; midX: number; midY: number }
  | null;

export interface ShapePreview {
  start: Point;
  current: Point;
}

export interface MaskGestureOptions {
  layersRef: RefObject<MaskLayers | null>;
  /** The settings at the moment of each event (a ref, so handlers never see stale ones). */
  settingsRef: RefObject<ToolSettings>;
  /** The size the photo is shown at unzoomed; brush sizes and previews are in these pixels. */
  displaySize: Size;
  /** Space held: a primary-button drag pans instead of painting. */
  isSpaceHeld: boolean;
  redraw(box: PixelBox | null): void;
  commit(box: PixelBox | null): void;
  /** A smart-select click at `point` (working pixels); Shift subtracts. */
  onSmartSelect(point: Point, mode: 'add' | 'subtract'): void;
}

/**
 * Pointer, touch and wheel input on the editor's stage: strokes, region shapes, smart-select
 * clicks, pan (middle button or Space), pinch and wheel zoom. Owns the viewport it moves.
 */
export function useMaskGestures({
  layersRef,
  settingsRef,
  displaySize,
  isSpaceHeld,
  redraw,
  commit,
  onSmartSelect,
}: MaskGestureOptions) {
  const [viewport, setViewport] = useState<Viewport>(fittedViewport);
  const [shapePreview, setShapePreview] = useState<ShapePreview | null>(null);
  const [cursor, setCursor] = useState<Point | null>(null);
  const stageRef = useRef<HTMLDivElement | null>(null);
  const gestureRef = useRef<Gesture>(null);
  const pointersRef = useRef(new Map<number, { x: number; y: number; type: string }>());
  const { width: displayWidth, height: displayHeight } = displaySize;

  /** Where a pointer is, in working pixels and in display pixels of the unzoomed photo. */
  const locate = (event: { clientX: number; clientY: number }) => {
    const layers = layersRef.current;
    const stage = stageRef.current;
    if (!stage) return null;
    const rect = stage.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const display = {
      x: ((event.clientX - rect.left) / rect.width) * displayWidth,
      y: ((event.clientY - rect.top) / rect.height) * displayHeight,
    };
    const working = layers
      ? mapPoint(
          display,
          { width: displayWidth, height: displayHeight },
          { width: layers.width, height: layers.height },
        )
      : null;
    return { display, working };
  };

  const brushDiameter = () => {
    const layers = layersRef.current;
    return layers ? (settingsRef.current.brushSize * layers.width) / displayWidth : 0;
  };

  const touches = () => [...pointersRef.current.values()].filter((pointer) => pointer.type === 'touch');

  const handlePointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const layers = layersRef.current;
    pointersRef.current.set(event.pointerId, { x: event.clientX, y: event.clientY, type: event.pointerType });
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const fingers = touches();
    if (fingers.length === 2) {
      // A second finger turns whatever the first one started into a pinch.
      commit(layers?.cancelOperation() ?? null);
      setShapePreview(null);
      const [first, second] = fingers;
      if (!first || !second) return;
      gestureRef.current = {
        kind: 'pinch',
        distance: Math.hypot(first.x - second.x, first.y - second.y),
        midX: (first.x + second.x) / 2,
        midY: (first.y + second.y) / 2,
      };
      return;
    }
    if (isSpaceHeld || event.button === 1) {
      gestureRef.current = { kind: 'pan', lastX: event.clientX, lastY: event.clientY };
      return;
    }
    if (event.button !== 0 || !layers) return;
    const location = locate(event);
    if (!location?.working) return;
    event.preventDefault();
    const { tool, target, brushShape } = settingsRef.current;
    if (tool === 'smartSelect') {
      onSmartSelect(location.working, event.shiftKey ? 'subtract' : 'add');
      return;
    }
    if (tool === 'region') {
      gestureRef.current = { kind: 'shape', start: location.display, current: location.display };
      setShapePreview({ start: location.display, current: location.display });
      return;
    }
    layers.beginOperation(target);
    redraw(
      layers.strokeSegment(
        location.working,
        location.working,
        brushDiameter(),
        brushShape,
        tool === 'eraser' ? 0 : 1,
      ),
    );
    gestureRef.current = { kind: 'stroke', last: location.working };
  };

  const handlePointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const location = locate(event);
    if (location && event.pointerType !== 'touch') setCursor(location.display);
    if (!pointersRef.current.has(event.pointerId)) return;
    pointersRef.current.set(event.pointerId, { x: event.clientX, y: event.clientY, type: event.pointerType });
    const gesture = gestureRef.current;
    const layers = layersRef.current;
    if (!gesture) return;
    if (gesture.kind === 'pinch') {
      const [first, second] = touches();
      if (!first || !second) return;
      const distance = Math.hypot(first.x - second.x, first.y - second.y);
      const midX = (first.x + second.x) / 2;
      const midY = (first.y + second.y) / 2;
      const stage = stageRef.current;
      const container = stage?.parentElement?.getBoundingClientRect();
      const anchor =
        stage && container
          ? { x: midX - container.left - stage.offsetLeft, y: midY - container.top - stage.offsetTop }
          : { x: 0, y: 0 };
      const factor = gesture.distance > 0 ? distance / gesture.distance : 1;
      setViewport((view) =>
        panBy(zoomAround(view, factor, anchor), midX - gesture.midX, midY - gesture.midY),
      );
      gestureRef.current = { kind: 'pinch', distance, midX, midY };
      return;
    }
    if (gesture.kind === 'pan') {
      setViewport((view) => panBy(view, event.clientX - gesture.lastX, event.clientY - gesture.lastY));
      gestureRef.current = { kind: 'pan', lastX: event.clientX, lastY: event.clientY };
      return;
    }
    if (!location?.working || !layers) return;
    if (gesture.kind === 'shape') {
      gestureRef.current = { ...gesture, current: location.display };
      setShapePreview({ start: gesture.start, current: location.display });
      return;
    }
    // Coalesced events keep fast strokes with a pen or touch smooth.
    const samples = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const points = samples.length > 0 ? samples.map((sample) => locate(sample)?.working) : [location.working];
    const { brushShape, tool } = settingsRef.current;
    let last = gesture.last;
    for (const point of points) {
      if (!point) continue;
      redraw(layers.strokeSegment(last, point, brushDiameter(), brushShape, tool === 'eraser' ? 0 : 1));
      last = point;
    }
    gestureRef.current = { kind: 'stroke', last };
  };

  const handlePointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointersRef.current.delete(event.pointerId);
    const gesture = gestureRef.current;
    const layers = layersRef.current;
    if (gesture?.kind === 'pinch') {
      if (pointersRef.current.size === 0) gestureRef.current = null;
      return;
    }
    gestureRef.current = null;
    if (!layers || !gesture) return;
    if (gesture.kind === 'stroke') {
      layers.endOperation();
      commit(null);
    } else if (gesture.kind === 'shape') {
      setShapePreview(null);
      const working = { width: layers.width, height: layers.height };
      const { target, regionShape } = settingsRef.current;
      commit(
        layers.fillShape(
          target,
          mapPoint(gesture.start, displaySize, working),
          mapPoint(gesture.current, displaySize, working),
          regionShape,
          1,
        ),
      );
    }
  };

  const handleWheel = (event: ReactWheelEvent<HTMLDivElement>) => {
    const stage = stageRef.current;
    const container = event.currentTarget.getBoundingClientRect();
    if (!stage) return;
    const anchor = {
      x: event.clientX - container.left - stage.offsetLeft,
      y: event.clientY - container.top - stage.offsetTop,
    };
    setViewport((view) => zoomAround(view, wheelZoomFactor(event.deltaY), anchor));
  };

  // React attaches wheel listeners as passive, so the page would scroll: stop it natively.
  const viewportRef = useCallback((element: HTMLDivElement | null) => {
    element?.addEventListener('wheel', (event) => event.preventDefault(), { passive: false });
  }, []);

  /** Zoom buttons zoom around the middle of what is visible. */
  const zoomBy = useCallback((factor: number) => {
    const stage = stageRef.current;
    const container = stage?.parentElement;
    const anchor = container
      ? { x: container.clientWidth / 2 - stage.offsetLeft, y: container.clientHeight / 2 - stage.offsetTop }
      : { x: 0, y: 0 };
    setViewport((view) => zoomAround(view, factor, anchor));
  }, []);

  const fitToView = useCallback(() => setViewport(fittedViewport), []);

  /** Pans a zoomed view so that a point (display pixels) is inside it, with a margin for its mark. */
  const reveal = useCallback((point: Point) => {
    const stage = stageRef.current;
    const container = stage?.parentElement;
    if (!stage || !container) return;
    const origin = { x: stage.offsetLeft, y: stage.offsetTop };
    const box = { width: container.clientWidth, height: container.clientHeight };
    setViewport((view) => (view.zoom === 1 ? view : revealPoint(view, point, origin, box, 40)));
  }, []);

  return {
    viewport,
    zoomBy,
    fitToView,
    reveal,
    shapePreview,
    cursor,
    stageRef,
    viewportRef,
    stageHandlers: {
      onPointerDown: handlePointerDown,
      onPointerMove: handlePointerMove,
      onPointerUp: handlePointerEnd,
      onPointerCancel: handlePointerEnd,
      onPointerLeave: () => setCursor(null),
    },
    handleWheel,
  };
}
