import type { ChatAccepted, ChatLanguage } from '@facelift/shared';
import { useMutation } from '@tanstack/react-query';
import { type UploadOptions, uploadWithProgress } from '../../projects/index.ts';

export interface ChatMessageInput {
  text: string;
  language: ChatLanguage;
  /** Reference images (at most three). */
  images: File[];
  /** The painted mask (mask-contract PNG data URL), when there is one. */
  mask: string | null;
  /** The history item used as the current image; the original when null. */
  sourceResultId: string | null;
}

function dataUrlToPngBlob(dataUrl: string): Blob {
  const bytes = Uint8Array.from(atob(dataUrl.split(',')[1] ?? ''), (character) => character.charCodeAt(0));
  return new Blob([bytes], { type: 'image/png' });
}

/**
 * POST /api/projects/:id/chat (multipart): stores the user's message with its reference
 * images and starts the reply job; the reply arrives on the project's event stream.
 */
export function sendChatMessage(
  projectId: string,
  input: ChatMessageInput,
  options: UploadOptions = {},
): Promise<ChatAccepted> {
  const form = new FormData();
  form.append('text', input.text);
  form.append('language', input.language);
  if (input.sourceResultId) form.append('sourceResultId', input.sourceResultId);
  if (input.mask) form.append('mask', dataUrlToPngBlob(input.mask), 'mask.png');
  for (const image of input.images) form.append('images', image, image.name || 'reference.png');
  return uploadWithProgress<ChatAccepted>(
    `/api/projects/${encodeURIComponent(projectId)}/chat`,
    form,
    options,
  );
}

/**
 * Sending as a mutation, so that a refusal for lack of credits reaches the one handler every
 * request shares (the purchase dialog opens with the refusal's words).
 */
export function useSendChatMessage(projectId: string | null) {
  return useMutation({
    mutationFn: (input: ChatMessageInput) => {
      if (!projectId) throw new Error('No project');
      return sendChatMessage(projectId, input);
    },
  });
}
