import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { sameOriginHeaders } from './auth-helpers.ts';

/** A multipart/form-data body with text fields and one file, as a browser sends it. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field: string; filename: string; type: string; data: Buffer },
) {
  const boundary = `----facelift${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function createProject(app: FastifyInstance, cookie: string, name: string, image: Buffer) {
  const body = multipartBody(
    { name },
    { field: 'image', filename: 'facade.png', type: 'image/png', data: image },
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: { ...sameOriginHeaders(app, cookie), 'content-type': body.contentType },
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
