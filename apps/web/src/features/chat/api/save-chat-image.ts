import type { HistoryItem, Project } from '@facelift/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKeys } from '../../projects/index.ts';

/**
 * POST /api/projects/:id/chat/:messageId/save: the reply's image becomes a result in the
 * project's gallery (usable as the next base). Saving again returns the same result.
 */
export function saveChatImage(projectId: string, messageId: string): Promise<HistoryItem> {
  return apiRequest<HistoryItem>(
    `/api/projects/${encodeURIComponent(projectId)}/chat/${encodeURIComponent(messageId)}/save`,
    { method: 'POST' },
  );
}

export function useSaveChatImage(projectId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => {
      if (!projectId) throw new Error('No project');
      return saveChatImage(projectId, messageId);
    },
    onSuccess: (item, messageId) => {
      if (!projectId) return;
      // The live events bring the same change; writing it here shows it without waiting for them.
      queryClient.setQueryData<Project>(projectQueryKeys.detail(projectId), (project) =>
        project
          ? {
              ...project,
              history: project.history.some((entry) => entry.id === item.id)
                ? project.history
                : [item, ...project.history],
              chatHistory: project.chatHistory.map((message) =>
                message.id === messageId ? { ...message, savedResultId: item.id } : message,
              ),
            }
          : project,
      );
    },
  });
}
