import type { Point } from '@facelift/shared';
import { type RefObject, useRef, useState } from 'react';
import type { ToolSettings } from '../components/mask-editor-toolbar.tsx';
import type { MaskLayers } from '../mask-layers.ts';
import type { PixelBox } from '../mask-painting.ts';
import { type Crosshair, crosshairPoint } from './use-keyboard-select.ts';

/** What the keyboard is in the middle of: a stroke being drawn, or a shape's first corner set. */
export type KeyboardDrawing = { kind: 'stroke'; last: Point } | { kind: 'corner'; at: Crosshair } | null;

export interface KeyboardDrawingOptions {
  layersRef: RefObject<MaskLayers | null>;
  settingsRef: RefObject<ToolSettings>;
  /** The size the photo is shown at unzoomed: the brush size is in these pixels. */
  displayWidth: number;
  redraw(box: PixelBox | null): void;
  commit(box: PixelBox | null): void;
}

/**
 * The brush, the eraser and region select by keyboard (docs/decisions/092-keyboard-marking.md):
 * on the focused photo, Enter (or Space) puts the brush down at the crosshair and the arrows
 * paint as they move it, until Enter lifts it; with region select, Enter sets a corner and a
 * second Enter fills the shape up to the crosshair. Escape ends a stroke or drops a corner.
 * The same layer operations as the pointer (use-mask-gestures.ts), so undo sees one step each.
 */
export function useKeyboardDrawing({
  layersRef,
  settingsRef,
  displayWidth,
  redraw,
  commit,
}: KeyboardDrawingOptions) {
  const [drawing, setDrawing] = useState<KeyboardDrawing>(null);
  // Read by handlers that run before React re-renders (a quick Enter then arrow).
  const drawingRef = useRef<KeyboardDrawing>(null);
  const update = (next: KeyboardDrawing) => {
    drawingRef.current = next;
    setDrawing(next);
  };

  const brushDiameter = (layers: MaskLayers) => (settingsRef.current.brushSize * layers.width) / displayWidth;

  /** Enter at the crosshair; returns what happened, for the status line. */
  const press = (at: Crosshair): 'strokeStarted' | 'strokeEnded' | 'cornerSet' | 'shapeFilled' | null => {
    const layers = layersRef.current;
    if (!layers) return null;
    const { tool, target, brushShape, regionShape } = settingsRef.current;
    const current = drawingRef.current;
    if (tool === 'region') {
      if (current?.kind === 'corner') {
        update(null);
        commit(
          layers.fillShape(
            target,
            crosshairPoint(current.at, layers),
            crosshairPoint(at, layers),
            regionShape,
            1,
          ),
        );
        return 'shapeFilled';
      }
      update({ kind: 'corner', at });
      return 'cornerSet';
    }
    if (tool !== 'brush' && tool !== 'eraser') return null;
    if (current?.kind === 'stroke') {
      finish();
      return 'strokeEnded';
    }
    const point = crosshairPoint(at, layers);
    layers.beginOperation(target);
    redraw(layers.strokeSegment(point, point, brushDiameter(layers), brushShape, tool === 'eraser' ? 0 : 1));
    update({ kind: 'stroke', last: point });
    return 'strokeStarted';
  };

  /** An arrow moved the crosshair: a stroke paints along. */
  const move = (to: Crosshair) => {
    const layers = layersRef.current;
    const current = drawingRef.current;
    if (!layers || current?.kind !== 'stroke') return;
    const { brushShape, tool } = settingsRef.current;
    const point = crosshairPoint(to, layers);
    redraw(
      layers.strokeSegment(current.last, point, brushDiameter(layers), brushShape, tool === 'eraser' ? 0 : 1),
    );
    update({ kind: 'stroke', last: point });
  };

  /** Ends a stroke (kept, one undo step) or drops a corner; false when nothing was going on. */
  const finish = (): boolean => {
    const current = drawingRef.current;
    if (!current) return false;
    update(null);
    if (current.kind === 'stroke') {
      layersRef.current?.endOperation();
      commit(null);
    }
    return true;
  };

  return { drawing, press, move, finish };
}
