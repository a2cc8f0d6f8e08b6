import type { Job } from '@facelift/shared';
import type { QueryClient } from '@tanstack/react-query';

export const jobQueryKey = (jobId: string) => ['job', jobId] as const;

/**
 * Of two copies of one job, the newer: the higher `version` (the server adds one with every
 * change of state). A late answer — a poll, the reload's job list, the start request's reply —
 * thus never undoes a live event that already arrived (docs/decisions/041-one-path-for-job-state.md).
 */
export function newerJob(current: Job | undefined, incoming: Job): Job {
  if (current && current.id === incoming.id && current.version >= incoming.version) return current;
  return incoming;
}

/** Writes a job into the query cache, newer-wins. Every path that learns of a job state goes through here. */
export function storeJob(queryClient: QueryClient, job: Job): void {
  queryClient.setQueryData<Job>(jobQueryKey(job.id), (current) => newerJob(current, job));
}
