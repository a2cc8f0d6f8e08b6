import type { RgbBytes } from '@facelift/shared';

/** A preview to paint: the photo and each element's region, at the displayed size. */
export interface PreviewRequest {
  id: number;
  imageUrl: string;
  width: number;
  height: number;
  paints: { regionUrl: string; rgb: RgbBytes }[];
}

export type PreviewResponse =
  | {
      id: number;
      type: 'painted';
      pixels: Uint8ClampedArray<ArrayBuffer>;
      width: number;
      height: number;
      milliseconds: number;
    }
  | { id: number; type: 'failed'; message: string };
