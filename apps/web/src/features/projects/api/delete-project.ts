import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './project-query-keys.ts';

export function deleteProject(projectId: string): Promise<void> {
  return apiRequest<void>(`/api/projects/${encodeURIComponent(projectId)}`, { method: 'DELETE' });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_result, projectId) => {
      queryClient.removeQueries({ queryKey: projectQueryKeys.detail(projectId) });
      return queryClient.invalidateQueries({ queryKey: projectQueryKeys.lists() });
    },
  });
}
