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
  // One 32-bit write per pixel; layers in stacking order, so later ones overwrite.
  const words = new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length / 4);
  const { width } = layers;
  const boxWidth = box.right - box.left + 1;
  for (let y = box.top; y <= box.bottom; y++)
    words.fill(0, y * width + box.left, y * width + box.left + boxWidth);
  for (const target of [...order.filter((candidate) => candidate !== active), active]) {
    // Usually most layers are empty, and checking that is a fast native scan.
    if (layers.isEmpty(target)) continue;
    const data = layers.layer(target).data;
    const word = packColour(overlayColours[target]);
    for (let y = box.top; y <= box.bottom; y++) {
      const row = y * width;
      for (let index = row + box.left; index < row + box.left + boxWidth; index++) {
        if (data[index] === 1) words[index] = word;
      }
    }
  }
}

/** RGBA bytes as one 32-bit word in the platform's byte order. */
function packColour([red, green, blue]: readonly [number, number, number]): number {
  const bytes = new Uint8Array([red, green, blue, overlayAlpha]);
  return new Uint32Array(bytes.buffer)[0] as number;
}
