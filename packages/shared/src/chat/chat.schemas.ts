import { jobSchema } from '../jobs/jobs.schemas.ts';
import { chatMessageSchema } from '../projects/projects.schemas.ts';
import { z } from '../zod.ts';

/** Reference images a chat message may carry (docs/product.md, Chat). */
export const maxChatReferenceImages = 3;
/** Longest chat message accepted, in characters. */
export const maxChatTextLength = 4000;
/** What an assistant reply without text or image shows (docs/product.md, Messages). */
export const noChatResponseText = '[No response from AI]';

/** Languages an offline reply can be written in: the interface languages. */
export const chatLanguages = ['en', 'es', 'fr'] as const;
export type ChatLanguage = (typeof chatLanguages)[number];

/**
 * The text fields of POST /api/projects/:projectId/chat (multipart/form-data). The files
 * travel beside them: up to three `images` (reference images) and an optional `mask`
 * (mask-contract PNG, transparent where the edit goes).
 */
export const chatRequestFieldsSchema = z.object({
  /** The user's message; sending needs non-empty trimmed text. */
  text: z.string().trim().min(1, 'Write a message first.').max(maxChatTextLength),
  /** The interface language, for replies the server writes itself (the offline engine). */
  language: z.enum(chatLanguages).default('en'),
  /** The history item whose result is the current image; the project's original when absent. */
  sourceResultId: z.string().min(1).max(100).optional(),
});
export type ChatRequestFields = z.input<typeof chatRequestFieldsSchema>;

/** 202 answer: the user's message as stored, and the job that writes the reply. */
export const chatAcceptedSchema = z.object({ message: chatMessageSchema, job: jobSchema });
export type ChatAccepted = z.infer<typeof chatAcceptedSchema>;

/** The text an assistant message shows: its text items joined, or the no-response text. */
export function chatMessageText(message: z.infer<typeof chatMessageSchema>): string {
  return message.content
    .flatMap((item) => (item.type === 'input_text' ? [item.text] : []))
    .join('\n')
    .trim();
}
