/**
 * Drawing primitives on bitmasks: brush dabs and strokes, filled rectangles and ellipses.
 * Pure functions on byte arrays so that what the editor paints is tested without a canvas,
 * and so that the painted area is exactly binary (the mask contract has no soft edges).
 */
import type { Bitmask, Point } from '@facelift/shared';

export type BrushShape = 'round' | 'square';
export type RegionShape = 'rectangle' | 'ellipse';

/** An axis-aligned pixel rectangle, inclusive bounds. */
export interface PixelBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Brush sizes in pixels of the displayed image (docs/product.md, Limits and numbers). */
export const brushSizeLimits = { minimum: 5, maximum: 60, default: 20 } as const;

export function clampBrushSize(size: number): number {
  return Math.min(brushSizeLimits.maximum, Math.max(brushSizeLimits.minimum, Math.round(size)));
}

/** Paints one dab of `diameter` pixels centred on `centre`; returns the touched box or null. */
export function paintDab(
  mask: Bitmask,
  centre: Point,
  diameter: number,
  shape: BrushShape,
  value: 0 | 1,
): PixelBox | null {
  const radius = Math.max(0.5, diameter / 2);
  const box = clipBox(
    {
      left: Math.floor(centre.x - radius),
      top: Math.floor(centre.y - radius),
      right: Math.ceil(centre.x + radius),
      bottom: Math.ceil(centre.y + radius),
    },
    mask,
  );
  if (!box) return null;
  const radiusSquared = radius * radius;
  for (let y = box.top; y <= box.bottom; y++) {
    // Pixel centres sit at +0.5: a dab covers the pixels whose centre lies inside it.
    const dy = y + 0.5 - centre.y;
    for (let x = box.left; x <= box.right; x++) {
      const dx = x + 0.5 - centre.x;
      const isInside =
        shape === 'round'
          ? dx * dx + dy * dy <= radiusSquared
          : Math.abs(dx) <= radius && Math.abs(dy) <= radius;
      if (isInside) mask.data[y * mask.width + x] = value;
    }
  }
  return box;
}

/**
 * Paints a stroke segment as dabs spaced at most a quarter of the brush apart, so that fast
 * pointer moves leave a continuous line rather than beads.
 */
export function paintSegment(
  mask: Bitmask,
  from: Point,
  to: Point,
  diameter: number,
  shape: BrushShape,
  value: 0 | 1,
): PixelBox | null {
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const steps = Math.max(1, Math.ceil(length / Math.max(1, diameter / 4)));
  let touched: PixelBox | null = null;
  for (let step = 0; step <= steps; step++) {
    const share = step / steps;
    const point = { x: from.x + (to.x - from.x) * share, y: from.y + (to.y - from.y) * share };
    touched = unionBox(touched, paintDab(mask, point, diameter, shape, value));
  }
  return touched;
}

/** Fills the rectangle or ellipse spanned by two corner points (any order). */
export function fillShape(
  mask: Bitmask,
  corner: Point,
  oppositeCorner: Point,
  shape: RegionShape,
  value: 0 | 1,
): PixelBox | null {
  const left = Math.min(corner.x, oppositeCorner.x);
  const right = Math.max(corner.x, oppositeCorner.x);
  const top = Math.min(corner.y, oppositeCorner.y);
  const bottom = Math.max(corner.y, oppositeCorner.y);
  const box = clipBox(
    {
      left: Math.floor(left),
      top: Math.floor(top),
      right: Math.ceil(right) - 1,
      bottom: Math.ceil(bottom) - 1,
    },
    mask,
  );
  if (!box || right - left < 1 || bottom - top < 1) return null;
  const centreX = (left + right) / 2;
  const centreY = (top + bottom) / 2;
  const radiusX = (right - left) / 2;
  const radiusY = (bottom - top) / 2;
  for (let y = box.top; y <= box.bottom; y++) {
    const ny = (y + 0.5 - centreY) / radiusY;
    for (let x = box.left; x <= box.right; x++) {
      if (shape === 'ellipse') {
        const nx = (x + 0.5 - centreX) / radiusX;
        if (nx * nx + ny * ny > 1) continue;
      }
      mask.data[y * mask.width + x] = value;
    }
  }
  return box;
}

export function unionBox(first: PixelBox | null, second: PixelBox | null): PixelBox | null {
  if (!first) return second;
  if (!second) return first;
  return {
    left: Math.min(first.left, second.left),
    top: Math.min(first.top, second.top),
    right: Math.max(first.right, second.right),
    bottom: Math.max(first.bottom, second.bottom),
  };
}

export function clipBox(box: PixelBox, size: { width: number; height: number }): PixelBox | null {
  const clipped = {
    left: Math.max(0, box.left),
    top: Math.max(0, box.top),
    right: Math.min(size.width - 1, box.right),
    bottom: Math.min(size.height - 1, box.bottom),
  };
  return clipped.left > clipped.right || clipped.top > clipped.bottom ? null : clipped;
}
