import type { Job, TransformationRequest } from '@facelift/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeJob } from '../../jobs/index.ts';

export function startTransformation(
  projectId: string,
  request: TransformationRequest,
): Promise<{ job: Job }> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/transformations`, {
    method: 'POST',
    json: request,
  });
}

/** Starts a job; the balance drops at once (the cost is reserved), so the profile is refreshed. */
export function useStartTransformation(projectId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TransformationRequest) => {
      if (!projectId) throw new Error('No project');
      return startTransformation(projectId, request);
    },
    onSuccess: ({ job }) => {
      // The answer may be older than a live event already heard: newer-wins.
      storeJob(queryClient, job);
      return queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
