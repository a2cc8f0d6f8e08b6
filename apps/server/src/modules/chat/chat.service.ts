import { randomUUID } from 'node:crypto';
import {
  type ChatAccepted,
  type ChatLanguage,
  chatRequestFieldsSchema,
  type HistoryItem,
  maxChatReferenceImages,
} from '@facelift/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { type DialectName, fromDate, fromJson, toJson } from '../../db/dialect.ts';
import type { ChatEngine, ChatReply } from '../../engines/chat-engine.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobsService, RunningJob } from '../jobs/jobs.service.ts';
import type { ChatMessagesService } from '../projects/chat-messages.service.ts';
import type { HistoryService } from '../projects/history.service.ts';
import { processMaskPng, processUploadedImage, type UploadLimits } from '../projects/image-processing.ts';
import type { ProjectFilesService } from '../projects/project-files.service.ts';
import { nextFileTimestamp, projectKeys } from '../projects/project-keys.ts';
import { type ImageColumns, type StoredChatContentItem, toChatMessage } from '../projects/project-views.ts';
import { findHistoryItem, insertChatMessage } from '../projects/projects.repository.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { RegionsService } from '../projects/regions.service.ts';
import {
  findChatJobByReply,
  findChatMessage,
  findMessageBefore,
  markChatImageSaved,
} from './chat.repository.ts';

/** A chat job's stored input: everything the reply needs, by reference (docs/product.md, Jobs). */
const chatJobInputSchema = z.object({
  userMessageId: z.string(),
  text: z.string(),
  language: z.enum(['en', 'es', 'fr']),
  sourceResultId: z.string().nullable(),
  maskKey: z.string().nullable(),
  referenceKeys: z.array(z.string()),
});
type ChatJobInput = z.infer<typeof chatJobInputSchema>;

export interface ChatCosts {
  /** Credits for a reply with an image (held when the message is accepted). */
  image: number;
  /** Credits for a reply with text only. */
  text: number;
}

export interface ChatDependencies {
  db: Kysely<Database>;
  dialect: DialectName;
  files: ProjectFilesService;
  projects: ProjectsService;
  history: HistoryService;
  regions: RegionsService;
  chatMessages: ChatMessagesService;
  jobs: JobsService;
  engine: ChatEngine;
  costs: ChatCosts;
  limits: UploadLimits;
  log: FastifyBaseLogger;
}

/** What the browser sent: the text fields (unparsed) and the files. */
export interface ChatUpload {
  fields: Record<string, string>;
  images: Buffer[];
  mask: Buffer | null;
}

/**
 * The chat (docs/product.md, Chat): a message is stored with its reference images, and its
 * reply is a job on the same pipeline as a transformation. The image price is held when the
 * message is accepted; a reply with text only keeps the text price and gives the rest back.
 */
export class ChatService {
  constructor(private readonly deps: ChatDependencies) {
    deps.jobs.registerRunner<ChatReply>('chat', {
      produce: (job, signal) => this.produceReply(job, signal),
      resultKey: (job, reply, fileTimestamp) =>
        reply.image ? projectKeys.chatImage(job.userId, job.projectId, fileTimestamp) : null,
      store: (job, reply, fileTimestamp) => this.storeReply(job, reply, fileTimestamp),
      findStored: async (job) => {
        // The reply takes its job's id: a reply written before a crash is found by it.
        const row = await findChatMessage(deps.db, job.projectId, job.id);
        return row ? { resultId: row.id, charge: row.image ? deps.costs.image : deps.costs.text } : null;
      },
    });
  }

  /** Accepts a message: checks it, stores it with its images, and starts the reply job. */
  async sendMessage(userId: string, projectId: string, upload: ChatUpload): Promise<ChatAccepted> {
    const { db, dialect, files, projects, jobs, costs, limits } = this.deps;
    const parsed = chatRequestFieldsSchema.safeParse(upload.fields);
    if (!parsed.success) {
      throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid chat message', {
        issues: parsed.error.issues,
      });
    }
    const fields: z.output<typeof chatRequestFieldsSchema> = parsed.data;
    if (upload.images.length > maxChatReferenceImages) {
      throw new AppError('VALIDATION_FAILED', 'You can only upload up to 3 images.');
    }
    await projects.requireProject(userId, projectId);
    if (fields.sourceResultId && !(await findHistoryItem(db, projectId, fields.sourceResultId))) {
      throw new AppError('NOT_FOUND', 'The source image is not part of this project');
    }
    // Reference images pass the same checks as photos: type by content, size, pixel count.
    const references = await Promise.all(upload.images.map((image) => processUploadedImage(image, limits)));
    const mask = upload.mask ? await processMaskPng(upload.mask, limits) : null;

    const written: string[] = [];
    const put = async (key: string, bytes: Buffer, type: string) => {
      written.push(key);
      await files.put(key, bytes, type);
    };
    try {
      const content: StoredChatContentItem[] = [{ type: 'input_text', text: fields.text }];
      for (const reference of references) {
        const timestamp = nextFileTimestamp();
        const image: ImageColumns = {
          key: projectKeys.chatImage(userId, projectId, timestamp),
          thumbnailKey: projectKeys.chatImageThumbnail(userId, projectId, timestamp),
          width: reference.width,
          height: reference.height,
        };
        await put(image.key, reference.png, 'image/png');
        await put(image.thumbnailKey, reference.thumbnail, 'image/webp');
        content.push({ type: 'input_image', image });
      }
      const maskKey = mask ? projectKeys.chatMask(userId, projectId, nextFileTimestamp()) : null;
      if (mask && maskKey) await put(maskKey, mask.png, 'image/png');

      const row = {
        id: randomUUID(),
        project_id: projectId,
        role: 'user' as const,
        content: toJson(content),
        image: null,
        saved_result_id: null,
        created_at: fromDate(dialect, new Date()),
      };
      const input: ChatJobInput = {
        userMessageId: row.id,
        text: fields.text,
        language: fields.language,
        sourceResultId: fields.sourceResultId ?? null,
        maskKey,
        referenceKeys: content.flatMap((item) => (item.type === 'input_image' ? [item.image.key] : [])),
      };
      // The message and its job are written together: no message without its reply on the way.
      const job = await jobs.createJob(userId, projectId, {
        kind: 'chat',
        input,
        prompt: fields.text,
        cost: costs.image,
        reason: 'chat reply',
        withinTransaction: async (transaction) => {
          await insertChatMessage(transaction, row);
        },
      });
      const message = toChatMessage(row);
      await projects.publish({ type: 'chat.added', projectId, message });
      return { message, job };
    } catch (error) {
      await Promise.all(written.map((key) => files.remove(key)));
      throw error;
    }
  }

  /** The engine's reply to one message: the current image, the mask, regions and references. */
  private async produceReply(job: RunningJob, signal: AbortSignal): Promise<ChatReply> {
    const { files, history, regions, engine } = this.deps;
    const input = chatJobInputSchema.parse(job.input);
    const source = await history.readSourceImage(job.userId, job.projectId, input.sourceResultId);
    const elementRegions = await regions.readElementRegions(job.userId, job.projectId);
    const read = async (key: string) => {
      const bytes = await files.get(key);
      if (!bytes) throw new AppError('NOT_FOUND', 'An image of this message is missing');
      return bytes;
    };
    const referenceImages = await Promise.all(input.referenceKeys.map(read));
    const mask = input.maskKey ? await read(input.maskKey) : undefined;
    return engine.reply({
      text: input.text,
      language: input.language as ChatLanguage,
      image: source.bytes,
      mask,
      elementRegions,
      referenceImages,
      signal,
    });
  }

  /** The reply becomes an assistant message; its price depends on whether it has an image. */
  private async storeReply(job: RunningJob, reply: ChatReply, fileTimestamp: number) {
    const { chatMessages, costs } = this.deps;
    const message = await chatMessages.appendChatMessage(job.userId, job.projectId, {
      id: job.id,
      fileTimestamp,
      role: 'assistant',
      ...(reply.text ? { text: reply.text } : {}),
      ...(reply.image ? { generatedImage: reply.image } : {}),
    });
    return { resultId: message.id, charge: reply.image ? costs.image : costs.text };
  }

  /**
   * "Save to project": the reply's image becomes a result in the project's history (the
   * gallery), usable as the next base. Saving again returns the same result.
   */
  async saveReplyImage(userId: string, projectId: string, messageId: string): Promise<HistoryItem> {
    const { db, files, projects, history } = this.deps;
    await projects.requireProject(userId, projectId);
    const row = await findChatMessage(db, projectId, messageId);
    const image = row?.image ? fromJson<ImageColumns>(row.image) : null;
    if (!row || !image) throw new AppError('NOT_FOUND', 'This message has no image');
    if (row.saved_result_id) {
      const saved = (await projects.getProject(userId, projectId)).history.find(
        (item) => item.id === row.saved_result_id,
      );
      if (saved) return saved;
    }
    const bytes = await files.get(image.key);
    if (!bytes) throw new AppError('NOT_FOUND', 'The image file is missing');
    const question = await findMessageBefore(db, projectId, row.created_at);
    const job = await findChatJobByReply(db, messageId);
    const sourceResultId = job ? (fromJson<Partial<ChatJobInput>>(job.input).sourceResultId ?? null) : null;
    const item = await history.addHistoryItem(userId, projectId, {
      transformedImage: bytes,
      prompt: question ? chatText(question.content) : '',
      // A source deleted since falls back to the original as "before".
      sourceResultId:
        sourceResultId && (await findHistoryItem(db, projectId, sourceResultId)) ? sourceResultId : null,
    });
    await markChatImageSaved(db, messageId, item.id);
    const updated = await findChatMessage(db, projectId, messageId);
    if (updated) await projects.publish({ type: 'chat.updated', projectId, message: toChatMessage(updated) });
    return item;
  }
}

function chatText(content: unknown): string {
  return fromJson<StoredChatContentItem[]>(content)
    .flatMap((item) => (item.type === 'input_text' ? [item.text] : []))
    .join('\n');
}
