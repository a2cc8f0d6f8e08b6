import type { HistoryItem } from '@facelift/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** "Save generated": marks the result as saved to the project. */
export function useSaveResult() {
  return useMutation({
    mutationFn: ({ projectId, itemId }: { projectId: string; itemId: string }) =>
      apiRequest<HistoryItem>(
        `/api/projects/${encodeURIComponent(projectId)}/history/${encodeURIComponent(itemId)}/save`,
        { method: 'POST', json: {} },
      ),
  });
}
