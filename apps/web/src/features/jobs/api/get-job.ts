import { finishedJobStatuses, type Job } from '@facelift/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { jobQueryKey, newerJob } from '../job-cache.ts';

export function isJobFinished(job: Job | undefined): boolean {
  return job !== undefined && finishedJobStatuses.includes(job.status);
}

/**
 * A job, kept fresh. The project's live events write it (see projects/project-events.ts); the
 * slow poll is only a backstop for a lost connection, stops once the job is finished, and
 * keeps the cached copy when that is newer than what it fetched.
 */
export function jobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: jobQueryKey(jobId),
    queryFn: async ({ client, signal }) => {
      const fetched = await apiRequest<Job>(`/api/jobs/${encodeURIComponent(jobId)}`, { signal });
      // Read the cache when the answer arrives, not when it was asked: an event may have come meanwhile.
      return newerJob(client.getQueryData<Job>(jobQueryKey(jobId)), fetched);
    },
    refetchInterval: (query) => (isJobFinished(query.state.data) ? false : 3000),
    staleTime: 0,
  });
}

/** The job with this id, or nothing while `jobId` is null. */
export function useJob(jobId: string | null) {
  return useQuery({ ...jobQueryOptions(jobId ?? ''), enabled: jobId !== null });
}
