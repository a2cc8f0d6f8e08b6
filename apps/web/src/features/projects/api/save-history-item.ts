import type { HistoryItem, Project } from '@facelift/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './project-query-keys.ts';

/** "Save generated" (docs/product.md, Studio and preview): marks a result as saved to the project; idempotent. */
export function saveHistoryItem(input: { projectId: string; itemId: string }): Promise<HistoryItem> {
  return apiRequest<HistoryItem>(
    `/api/projects/${encodeURIComponent(input.projectId)}/history/${encodeURIComponent(input.itemId)}/save`,
    { method: 'POST' },
  );
}

export function useSaveHistoryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHistoryItem,
    onSuccess: (item) => {
      queryClient.setQueryData<Project>(projectQueryKeys.detail(item.projectId), (project) =>
        project
          ? { ...project, history: project.history.map((entry) => (entry.id === item.id ? item : entry)) }
          : project,
      );
    },
  });
}
