import type { Project } from '@facelift/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './project-query-keys.ts';

export function renameProject(input: { projectId: string; name: string }): Promise<Project> {
  return apiRequest<Project>(`/api/projects/${encodeURIComponent(input.projectId)}`, {
    method: 'PATCH',
    json: { name: input.name },
  });
}

export function useRenameProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameProject,
    onSuccess: (project) => {
      queryClient.setQueryData(projectQueryKeys.detail(project.id), project);
      return queryClient.invalidateQueries({ queryKey: projectQueryKeys.lists() });
    },
  });
}
