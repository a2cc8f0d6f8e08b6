import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@facelift/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, fromDate, toJson } from '../../db/dialect.ts';
import { prepareGeneratedImage } from './image-processing.ts';
import type { ProjectFilesService } from './project-files.service.ts';
import { nextFileTimestamp, projectKeys } from './project-keys.ts';
import { type ImageColumns, type StoredChatContentItem, toChatMessage } from './project-views.ts';
import * as repository from './projects.repository.ts';
import type { ProjectsService } from './projects.service.ts';

/** A chat message to append; images are stored as project files. */
export interface NewChatMessage {
  role: 'user' | 'assistant';
  text?: string;
  /** Reference images the user attached (already checked uploads or generated PNGs). */
  attachments?: Buffer[];
  /** The image an assistant reply generated. */
  generatedImage?: Buffer;
  /** The message's id (a chat reply takes its job's id, so a restart can find it); new by default. */
  id?: string;
  /** The file name timestamp of the generated image (the job pipeline records its key first). */
  fileTimestamp?: number;
}

/** A project's chat history (docs/product.md, Chat); its images are project files. */
export class ChatMessagesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly projects: ProjectsService,
    private readonly files: ProjectFilesService,
  ) {}

  /** Appends a chat message (docs/product.md, Chat); images become project files. */
  async appendChatMessage(userId: string, projectId: string, input: NewChatMessage): Promise<ChatMessage> {
    await this.projects.requireProject(userId, projectId);
    const written: string[] = [];
    const storeImage = async (bytes: Buffer, fileTimestamp?: number): Promise<ImageColumns> => {
      const image = await prepareGeneratedImage(bytes);
      const timestamp = fileTimestamp ?? nextFileTimestamp();
      const key = projectKeys.chatImage(userId, projectId, timestamp);
      const thumbnailKey = projectKeys.chatImageThumbnail(userId, projectId, timestamp);
      written.push(key, thumbnailKey);
      await this.files.put(key, image.png, 'image/png');
      await this.files.put(thumbnailKey, image.thumbnail, 'image/webp');
      return { key, thumbnailKey, width: image.width, height: image.height };
    };
    try {
      const content: StoredChatContentItem[] = [];
      if (input.text !== undefined) content.push({ type: 'input_text', text: input.text });
      for (const attachment of input.attachments ?? []) {
        content.push({ type: 'input_image', image: await storeImage(attachment) });
      }
      const image = input.generatedImage ? await storeImage(input.generatedImage, input.fileTimestamp) : null;
      const row: repository.ChatMessageRow = {
        id: input.id ?? randomUUID(),
        project_id: projectId,
        role: input.role,
        content: toJson(content),
        image: image ? toJson(image) : null,
        saved_result_id: null,
        created_at: fromDate(this.dialect, new Date()),
      };
      await repository.insertChatMessage(this.db, row);
      const message = toChatMessage(row);
      await this.projects.publish({ type: 'chat.added', projectId, message });
      return message;
    } catch (error) {
      await Promise.all(written.map((key) => this.files.remove(key)));
      throw error;
    }
  }
}
