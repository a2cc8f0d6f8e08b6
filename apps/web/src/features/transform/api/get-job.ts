import { finishedJobStatuses, type Job } from '@facelift/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const jobQueryKey = (jobId: string) => ['job', jobId] as const;

export function isJobFinished(job: Job | undefined): boolean {
  return job !== undefined && finishedJobStatuses.includes(job.status);
}

/**
 * A job, kept fresh. Live `job.updated` events from the project stream are written into this
 * query's cache (see use-project-job-events.ts); the slow poll is only a backstop for a lost
 * connection, and stops once the job is finished.
 */
export function jobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: jobQueryKey(jobId),
    queryFn: () => apiRequest<Job>(`/api/jobs/${encodeURIComponent(jobId)}`),
    refetchInterval: (query) => (isJobFinished(query.state.data) ? false : 3000),
    staleTime: 0,
  });
}

export function useJob(jobId: string | null) {
  return useQuery({ ...jobQueryOptions(jobId ?? ''), enabled: jobId !== null });
}
