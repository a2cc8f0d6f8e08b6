import type { ChatLanguage, ElementType } from '@facelift/shared';
import type { ImageEngineName, MaskPng } from './image-engine.ts';

/** One chat turn: what the job pipeline hands to a chat engine (docs/product.md, Chat). */
export interface ChatReplyRequest {
  /** The user's last message; earlier turns are never sent (docs/product.md, Chat). */
  text: string;
  /** The interface language, for replies the engine writes itself. */
  language: ChatLanguage;
  /** The project's current image (original or the result used as base), full resolution. */
  image: Buffer;
  /** The painted mask (mask contract), when the user painted one. */
  mask?: MaskPng;
  /** The marked area of each facade element. */
  elementRegions?: Partial<Record<ElementType, MaskPng>>;
  /** Reference images the user attached (at most three, already checked and re-encoded). */
  referenceImages: Buffer[];
  /** Aborts the reply: a job timeout or a shutdown. */
  signal?: AbortSignal;
}

/** The assistant's reply: its text (may be empty) and the image it made, if any. */
export interface ChatReply {
  text: string;
  /** A PNG, JPEG or WebP the reply generated; null for a text-only reply. */
  image: Buffer | null;
  engine: ImageEngineName;
}

/**
 * A chat engine. A reply without an image is not a failure (it costs the text price);
 * implementations throw AppError (ENGINE_FAILED, CONTENT_REJECTED…) only when no reply can be
 * given, and the job then refunds.
 */
export interface ChatEngine {
  readonly name: ImageEngineName;
  reply(request: ChatReplyRequest): Promise<ChatReply>;
}
