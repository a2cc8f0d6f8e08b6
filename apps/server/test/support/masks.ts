import sharp from 'sharp';

/** A rectangle by its edges: columns left ≤ x < right, rows top ≤ y < bottom. */
export interface MaskRectangle {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * A mask-contract PNG (docs/product.md, Marking and selection): transparent (edit) inside the
 * rectangle, opaque black elsewhere. The one helper engine and API tests draw masks with.
 */
export function rectangleMask(width: number, height: number, area: MaskRectangle): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const isInside = x >= area.left && x < area.right && y >= area.top && y < area.bottom;
      data[(y * width + x) * 4 + 3] = isInside ? 0 : 255;
    }
  }
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}
