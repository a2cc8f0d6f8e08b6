import type { HistoryItem } from '@facelift/shared';
import { type UploadOptions, uploadWithProgress } from './upload-with-progress.ts';

/**
 * POST /api/projects/:id/history: stores an image made in the browser (a chat image saved to
 * the project, say) as a history item. Results of transformation jobs are stored by the server.
 */
export function addHistoryItem(
  projectId: string,
  input: { image: Blob; prompt: string; sourceResultId?: string | null },
  options: UploadOptions = {},
): Promise<HistoryItem> {
  const form = new FormData();
  form.append('prompt', input.prompt);
  if (input.sourceResultId) form.append('sourceResultId', input.sourceResultId);
  form.append('image', input.image, 'image.png');
  return uploadWithProgress<HistoryItem>(
    `/api/projects/${encodeURIComponent(projectId)}/history`,
    form,
    options,
  );
}
