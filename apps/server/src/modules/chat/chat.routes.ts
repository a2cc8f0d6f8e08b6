import { chatAcceptedSchema, historyItemSchema, maxChatReferenceImages } from '@facelift/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { multipartPlugin } from '../../plugins/multipart.plugin.ts';
import { fileTooLarge } from '../projects/image-processing.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { ChatService, ChatUpload } from './chat.service.ts';

const projectParams = z.object({ projectId: z.string().min(1).max(100) });
const tooManyImages = 'You can only upload up to 3 images.';

/**
 * Reads the chat form: text fields, up to three `images` and one `mask`, each file stopped as
 * soon as it passes `maxBytes`. Nothing is stored here.
 */
async function readChatUpload(
  parts: AsyncIterableIterator<import('@fastify/multipart').Multipart>,
  maxBytes: number,
): Promise<ChatUpload> {
  const upload: ChatUpload = { fields: {}, images: [], mask: null };
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname === 'mask' && !upload.mask) upload.mask = await part.toBuffer();
        else if (part.fieldname === 'images') {
          if (upload.images.length >= maxChatReferenceImages)
            throw new AppError('VALIDATION_FAILED', tooManyImages);
          upload.images.push(await part.toBuffer());
        } else throw new AppError('VALIDATION_FAILED', `Unexpected file field "${part.fieldname}".`);
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw new AppError('VALIDATION_FAILED', tooManyImages);
    if (code?.startsWith('FST_')) throw new AppError('VALIDATION_FAILED', 'The message is not a valid form.');
    throw error;
  }
  return upload;
}

/** The chat API (docs/product.md, Chat): owner-only like every project route. */
export const chatRoutes: FastifyPluginAsyncZod<{
  chat: ChatService;
  projects: ProjectsService;
  maxUploadBytes: number;
}> = async (app, { chat, projects, maxUploadBytes }) => {
  // The multipart parser for this route only (projects.routes.ts says why).
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    await uploads.register(multipartPlugin, { maxFileBytes: maxUploadBytes });

    uploads.post(
      '/api/projects/:projectId/chat',
      {
        // Three references and a mask at the upload limit each, plus the text.
        bodyLimit: (maxChatReferenceImages + 1) * maxUploadBytes + 1024 * 1024,
        schema: {
          tags: ['chat'],
          summary:
            'Send a chat message (multipart: text, language?, sourceResultId?, images ×0–3, mask?); the reply is a job followed on the project events stream',
          consumes: ['multipart/form-data'],
          params: projectParams,
          response: { 202: chatAcceptedSchema },
        },
      },
      async (request, reply) => {
        const user = await request.requireUser();
        const { projectId } = request.params;
        // The project is checked before the body is read: nobody uploads into another's project.
        await projects.requireProject(user.id, projectId);
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the message as multipart/form-data.');
        }
        const upload = await readChatUpload(
          request.parts({ limits: { fileSize: maxUploadBytes, files: maxChatReferenceImages + 2 } }),
          maxUploadBytes,
        );
        return reply.status(202).send(await chat.sendMessage(user.id, projectId, upload));
      },
    );
  });

  app.post(
    '/api/projects/:projectId/chat/:messageId/save',
    {
      schema: {
        tags: ['chat'],
        summary: "Save a reply's image to the project as a result (usable as the next base); idempotent",
        params: projectParams.extend({ messageId: z.string().min(1).max(100) }),
        response: { 201: historyItemSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { projectId, messageId } = request.params;
      return reply.status(201).send(await chat.saveReplyImage(user.id, projectId, messageId));
    },
  );
};
