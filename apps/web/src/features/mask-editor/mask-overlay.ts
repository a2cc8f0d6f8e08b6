/**
 * Draws the painted layers into RGBA for the overlay canvas, one colour per layer and the
 * layer being edited on top. Semi-transparent, so the photo stays visible underneath.
 */
import type { MaskLayers, MaskTarget } from './mask-layers.ts';
import type { PixelBox } from './mask-painting.ts';

/** Overlay colour per layer (RGB); also the swatch next to each layer's button. */
export const overlayColours: Record<MaskTarget, readonly [number, number, number]> = {
  mask: [56, 189, 248],
  walls: [249, 115, 22],
  roof: [220, 38, 38],
  windowFrames: [34, 197, 94],
  doorFrames: [168, 85, 247],
};

/** Overlay opacity (0–255): strong enough to see what is painted, weak enough to see through. */
export const overlayAlpha = 140;

export function overlayCss(target: MaskTarget): string {
  const [red, green, blue] = overlayColours[target];
  return `rgb(${red} ${green} ${blue})`;
}

/**
 * Redraws `box` of `pixels` (RGBA at the layers' size) from the layers. Layers later in the
 * stacking order win where they overlap; `active` is always last.
 */
export function renderOverlay(
  layers: MaskLayers,
  pixels: Uint8ClampedArray,
  box: PixelBox,
  active: MaskTarget,
  order: readonly MaskTarget[],
): void {
  const stack = [...order.filter((target) => target !== active), active].map((target) => ({
    data: layers.layer(target).data,
    colour: overlayColours[target],
  }));
  const { width } = layers;
  for (let y = box.top; y <= box.bottom; y++) {
    for (let x = box.left; x <= box.right; x++) {
      const index = y * width + x;
      const offset = index * 4;
      let colour: readonly [number, number, number] | null = null;
      for (const layer of stack) if (layer.data[index] === 1) colour = layer.colour;
      if (colour) {
        pixels[offset] = colour[0];
        pixels[offset + 1] = colour[1];
        pixels[offset + 2] = colour[2];
        pixels[offset + 3] = overlayAlpha;
      } else {
        pixels[offset + 3] = 0;
      }
    }
  }
}
