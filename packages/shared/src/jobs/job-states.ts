// A job's plain values, apart from its zod schemas (jobs.schemas.ts) so that the web app's first
// screen uses them without loading zod (docs/decisions/108-app-shell-split.md).

/** A job's life (docs/product.md, Jobs): queued → running → storing → done, or failed at any point. */
export const jobStatuses = ['queued', 'running', 'storing', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];
export const finishedJobStatuses: readonly JobStatus[] = ['done', 'failed'];

/** What a job makes: a transformation result, or a chat reply (docs/product.md, Jobs). */
export const jobKinds = ['transformation', 'chat'] as const;
export type JobKind = (typeof jobKinds)[number];
