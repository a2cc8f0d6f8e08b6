import { type CustomColour, hexFromRgb } from '@facelift/shared';

/**
 * The photo pixel under a click on the stage (docs/decisions/095-any-colour.md): the image is
 * shown with object-fit: contain, so the click is mapped through the same letterbox to the
 * photo's own pixels. Returns null for a click on the letterbox itself.
 */
export function pickPhotoColour(
  image: HTMLImageElement,
  clientX: number,
  clientY: number,
): CustomColour | null {
  const box = image.getBoundingClientRect();
  const naturalWidth = image.naturalWidth;
  const naturalHeight = image.naturalHeight;
  if (!naturalWidth || !naturalHeight || box.width === 0 || box.height === 0) return null;
  const scale = Math.min(box.width / naturalWidth, box.height / naturalHeight);
  const left = box.left + (box.width - naturalWidth * scale) / 2;
  const top = box.top + (box.height - naturalHeight * scale) / 2;
  const x = Math.floor((clientX - left) / scale);
  const y = Math.floor((clientY - top) / scale);
  if (x < 0 || y < 0 || x >= naturalWidth || y >= naturalHeight) return null;
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(image, x, y, 1, 1, 0, 0, 1, 1);
  const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
  return hexFromRgb(red ?? 0, green ?? 0, blue ?? 0);
}

interface EyeDropperConstructor {
  new (): { open(): Promise<{ sRGBHex: string }> };
}

/** The browser's EyeDropper (Chromium on desktop), which can pick from anywhere on screen. */
export function browserEyeDropper(): EyeDropperConstructor | null {
  return (window as unknown as { EyeDropper?: EyeDropperConstructor }).EyeDropper ?? null;
}
