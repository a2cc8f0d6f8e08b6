import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { sameOriginHeaders } from './auth-helpers.ts';
import { multipartBody } from './multipart.ts';

export async function createProject(app: FastifyInstance, cookie: string, name: string, image: Buffer) {
  const body = multipartBody({ name }, { filename: 'facade.png', contentType: 'image/png', content: image });
  const response = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: { ...sameOriginHeaders(app, cookie), ...body.headers },
    payload: body.payload,
  });
  if (response.statusCode !== 201)
    throw new Error(`project not created: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; original: { url: string } };
}

/** A mask-contract PNG: transparent (edit) inside the rectangle, opaque black elsewhere. */
export async function rectangleMask(
  width: number,
  height: number,
  area: { left: number; top: number; width: number; height: number },
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const inside =
        x >= area.left && x < area.left + area.width && y >= area.top && y < area.top + area.height;
      pixels[(y * width + x) * 4 + 3] = inside ? 0 : 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}
