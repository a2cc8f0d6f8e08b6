import { composePrompt, type Directives, directivesSchema } from '@facelift/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImageEditRequest } from './image-edit-request.ts';

const sageWalls: Directives = directivesSchema.parse({
  mode: 'options',
  selectedItems: [{ type: 'walls', value: 'itemColor-sage' }],
});
const inpainting: Directives = { mode: 'inpainting', freeText: 'Paint it sage' };

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ccbbaa' } })
    .png()
    .toBuffer();

describe('createImageEditRequest', () => {
  it('hands the engine the stored prompt and directives and picks the output size', async () => {
    const wall = await png(40, 30);
    const request = await createImageEditRequest({
      image: await png(400, 300),
      regions: { walls: wall },
      directives: sageWalls,
      prompt: composePrompt(sageWalls),
    });
    expect(request.outputSize).toBe('1536x1024');
    expect(request.prompt).toMatch(/^Change only the walls to sage \(rgba\(156, 171, 134, 1\)\)\. /);
    expect(request.directives).toMatchObject({ scope: 'strict', applyTo: 'selectedItems' });
    expect(request.elementRegions).toEqual({ walls: wall });
    expect(request.mask).toBeUndefined();
  });

  it('swaps the dimensions of quarter-turned photos before choosing the size', async () => {
    const rotated = await sharp(await png(400, 300))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const request = await createImageEditRequest({
      image: rotated,
      directives: inpainting,
      prompt: composePrompt(inpainting),
    });
    expect(request.outputSize).toBe('1024x1536');
  });

  it('refuses bytes that are not an image', async () => {
    await expect(
      createImageEditRequest({
        image: Buffer.from('nope'),
        directives: inpainting,
        prompt: composePrompt(inpainting),
      }),
    ).rejects.toThrow('The source image could not be read.');
  });
});
