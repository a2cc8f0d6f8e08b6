import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { createImageEditRequest } from './image-edit-request.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ccbbaa' } })
    .png()
    .toBuffer();

describe('createImageEditRequest', () => {
  it('validates the directives, composes the prompt and picks the output size', async () => {
    const wall = await png(40, 30);
    const request = await createImageEditRequest({
      image: await png(400, 300),
      regions: { walls: wall },
      directives: { mode: 'options', selectedItems: [{ type: 'wallColor', value: 'itemColor-sage' }] },
    });
    expect(request.outputSize).toBe('1536x1024');
    expect(request.prompt).toMatch(/^Change only the walls to sage \(rgba\(156, 171, 134, 1\)\)\. /);
    expect(request.directives).toMatchObject({ scope: 'strict', applyTo: 'selectedItems' });
    expect(request.elementRegions).toEqual({ wallColor: wall });
    expect(request.mask).toBeUndefined();
  });

  it('swaps the dimensions of quarter-turned photos before choosing the size', async () => {
    const rotated = await sharp(await png(400, 300))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const request = await createImageEditRequest({
      image: rotated,
      directives: { mode: 'inpainting', freeText: 'Paint it sage' },
    });
    expect(request.outputSize).toBe('1024x1536');
  });

  it('refuses empty directives with "Please select an item"', async () => {
    const error = await createImageEditRequest({
      image: await png(10, 10),
      directives: { mode: 'options', selectedItems: [] },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_FAILED');
    expect((error as AppError).message).toBe('Please select an item');
  });

  it('refuses bytes that are not an image', async () => {
    await expect(
      createImageEditRequest({
        image: Buffer.from('nope'),
        directives: { mode: 'inpainting', freeText: 'x' },
      }),
    ).rejects.toThrow('The source image could not be read.');
  });
});
