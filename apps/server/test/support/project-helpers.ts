import type { FastifyInstance } from 'fastify';
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
