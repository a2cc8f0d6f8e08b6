import { directivesSchema } from '../directives/directives.schemas.ts';
import { errorCodeParams } from '../errors.ts';
import { z } from '../zod.ts';
import { jobKinds, jobStatuses } from './job-states.ts';

export const jobErrorSchema = z.object({ code: z.string(), message: z.string() });

/** A job as the browser sees it. */
export const jobSchema = z.object({
  id: z.string(),
  kind: z.enum(jobKinds),
  projectId: z.string(),
  status: z.enum(jobStatuses),
  /**
   * Grows by one with every change of state: of two copies of a job, the higher version is the
   * newer (a late answer never undoes a live event).
   */
  version: z.number().int().nonnegative(),
  prompt: z.string(),
  cost: z.number(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Once done: the history item the result was stored as, or the chat reply's message id. */
  resultId: z.string().nullable(),
  error: jobErrorSchema.nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** A PNG data URL (the mask editor's output), at most ~30 MB of base64. */
export const pngDataUrlSchema = z
  .string()
  .max(40_000_000)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'must be a PNG data URL');

/**
 * POST /api/projects/:projectId/transformations. Validated once, where it arrives; the job keeps
 * the parsed request (docs/product.md, Jobs).
 */
export const transformationRequestSchema = z
  .object({
    directives: directivesSchema,
    /** The history item to edit (its result image); the project's original when absent. */
    sourceResultId: z.string().min(1).optional(),
    /** The inpainting mask (mask contract: transparent where the edit goes). */
    mask: pngDataUrlSchema.optional(),
    /** Use the element regions saved on the project (the local engine needs them). */
    useElementRegions: z.boolean().default(true),
  })
  .refine(
    (request) =>
      request.directives.mode !== 'inpainting' || request.mask !== undefined || request.useElementRegions,
    {
      message: 'Paint the area to change first.',
      path: ['mask'],
      params: errorCodeParams('AREA_NOT_MARKED'),
    },
  );
export type TransformationRequest = z.input<typeof transformationRequestSchema>;
export type ParsedTransformationRequest = z.output<typeof transformationRequestSchema>;

export const transformationAcceptedSchema = z.object({ job: jobSchema });
