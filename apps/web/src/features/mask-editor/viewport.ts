/**
 * Zoom and pan of the editor's stage. The stage is the photo at its display size; the view
 * scales it by `zoom` and moves it by `offsetX/Y` screen pixels. Pure, so it is tested alone.
 */
export interface Viewport {
  zoom: number;
  offsetX: number;
  offsetY: number;
}

export const zoomLimits = { minimum: 1, maximum: 8 } as const;
export const fittedViewport: Viewport = { zoom: 1, offsetX: 0, offsetY: 0 };

/**
 * Zooms by `factor` keeping the stage point under `anchor` (screen pixels, relative to the
 * stage's untransformed top-left corner) where it is: wheel and pinch zoom towards the cursor.
 */
export function zoomAround(view: Viewport, factor: number, anchor: { x: number; y: number }): Viewport {
  const zoom = Math.min(zoomLimits.maximum, Math.max(zoomLimits.minimum, view.zoom * factor));
  const applied = zoom / view.zoom;
  if (zoom === zoomLimits.minimum) return fittedViewport;
  return {
    zoom,
    offsetX: anchor.x - (anchor.x - view.offsetX) * applied,
    offsetY: anchor.y - (anchor.y - view.offsetY) * applied,
  };
}

export function panBy(view: Viewport, deltaX: number, deltaY: number): Viewport {
  return { ...view, offsetX: view.offsetX + deltaX, offsetY: view.offsetY + deltaY };
}

/** The factor one wheel event zooms by: smooth for trackpads, a step for mouse wheels. */
export function wheelZoomFactor(deltaY: number): number {
  return Math.exp(-Math.max(-100, Math.min(100, deltaY)) / 300);
}

/**
 * The least pan that brings a stage point (display pixels of the unzoomed photo) inside the
 * visible box, `margin` screen pixels from its edges: keyboard smart select's crosshair
 * stays in view on a zoomed photo (docs/decisions/092-keyboard-marking.md). `stageOrigin` is
 * the stage's untransformed top-left corner inside the box.
 */
export function revealPoint(
  view: Viewport,
  point: { x: number; y: number },
  stageOrigin: { x: number; y: number },
  box: { width: number; height: number },
  margin: number,
): Viewport {
  const shift = (position: number, size: number) => {
    const edge = Math.min(margin, size / 2);
    if (position < edge) return edge - position;
    if (position > size - edge) return size - edge - position;
    return 0;
  };
  const deltaX = shift(stageOrigin.x + view.offsetX + point.x * view.zoom, box.width);
  const deltaY = shift(stageOrigin.y + view.offsetY + point.y * view.zoom, box.height);
  return deltaX === 0 && deltaY === 0 ? view : panBy(view, deltaX, deltaY);
}
