import { jobSchema } from '../jobs/jobs.schemas.ts';
import { regionElements } from '../mask/element-regions.ts';
import { z } from '../zod.ts';
import { maxProjectNameLength } from './project-values.ts';

export const projectNameSchema = z.string().trim().min(1).max(maxProjectNameLength);

/**
 * A stored image: `key` is its blob key (users/{uid}/projects/{id}/…), `url` the
 * owner-only route that serves it. Keys never change content, so URLs cache forever.
 */
export const storedImageSchema = z.object({
  key: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoredImage = z.infer<typeof storedImageSchema>;

/**
 * A transformation history item (docs/product.md, Studio and preview): the image it started
 * from, the result and its prompt. Every result is saved in its project when it is stored, for
 * every account, so `savedAt` is the time it was stored, or saved with the former "Save
 * generated" (docs/decisions/080-free-tier-story.md). These are the project's generated images
 * of the observed product.
 */
export const historyItemSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  original: storedImageSchema,
  transformed: storedImageSchema,
  prompt: z.string(),
  createdAt: z.string(),
  savedAt: z.string().nullable(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** Chat message content items (docs/product.md, Chat); images are stored blobs, not base64. */
export const chatContentItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('input_text'), text: z.string() }),
  z.object({ type: z.literal('input_image'), image: storedImageSchema }),
]);
export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.array(chatContentItemSchema),
  /** The image an assistant reply generated, when it did. */
  image: storedImageSchema.nullable(),
  /** The history item the reply's image was saved to the project as ("save to project"), if it was. */
  savedResultId: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type ChatContentItem = z.infer<typeof chatContentItemSchema>;

/** The area a user marked for one facade element (docs/product.md, Marking and selection), as a mask-contract PNG. */
export const elementRegionSchema = z.object({
  element: z.enum(regionElements),
  key: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  updatedAt: z.string(),
});
export type ElementRegion = z.infer<typeof elementRegionSchema>;

/** One project as GET /api/projects/:id returns it; history newest first, chat oldest first. */
export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  original: storedImageSchema,
  history: z.array(historyItemSchema),
  chatHistory: z.array(chatMessageSchema),
  regions: z.array(elementRegionSchema),
});
export type Project = z.infer<typeof projectSchema>;

/** A dashboard card: the original, counts and the latest result thumbnails. */
export const projectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  original: storedImageSchema,
  historyCount: z.number().int(),
  recentResults: z.array(z.object({ id: z.string(), thumbnailUrl: z.string() })),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;
/** How many result thumbnails a project card shows. */
export const projectSummaryResultLimit = 6;

export const projectListQuerySchema = z.object({
  /** Case-insensitive substring of the project name. */
  search: z.string().trim().max(maxProjectNameLength).optional(),
});
export const projectListResponseSchema = z.object({ projects: z.array(projectSummarySchema) });
export const renameProjectSchema = z.object({ name: projectNameSchema });

/**
 * Events pushed on `GET /api/projects/:id/events` (SSE, one JSON object per `data:` line).
 * Every event carries its projectId. `project.changed` means "refetch": it is sent when an
 * event is too large to travel through PostgreSQL NOTIFY.
 */
export const projectEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('history.added'), projectId: z.string(), item: historyItemSchema }),
  z.object({ type: z.literal('history.saved'), projectId: z.string(), item: historyItemSchema }),
  z.object({ type: z.literal('chat.added'), projectId: z.string(), message: chatMessageSchema }),
  /** A chat message changed (its image was saved to the project). */
  z.object({ type: z.literal('chat.updated'), projectId: z.string(), message: chatMessageSchema }),
  z.object({
    type: z.literal('regions.updated'),
    projectId: z.string(),
    regions: z.array(elementRegionSchema),
  }),
  z.object({ type: z.literal('project.renamed'), projectId: z.string(), name: z.string() }),
  z.object({ type: z.literal('project.deleted'), projectId: z.string() }),
  z.object({ type: z.literal('project.changed'), projectId: z.string() }),
  /** Progress of a transformation job of this project (docs/product.md, Jobs). */
  z.object({ type: z.literal('job.updated'), projectId: z.string(), job: jobSchema }),
]);
export type ProjectEvent = z.infer<typeof projectEventSchema>;
export type ProjectEventType = ProjectEvent['type'];
