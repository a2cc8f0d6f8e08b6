import type { Job, TransformationRequest } from '@facelift/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { jobQueryKey } from './get-job.ts';

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
      queryClient.setQueryData(jobQueryKey(job.id), job);
      return queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
