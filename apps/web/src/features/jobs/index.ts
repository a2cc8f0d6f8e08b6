/** The jobs feature's public surface: one cache of job state, written newer-wins, read by every feature. */
export { isJobFinished, jobQueryOptions, useJob } from './api/get-job.ts';
export { jobQueryKey, newerJob, storeJob } from './job-cache.ts';
