import { maxChatReferenceImages } from '@facelift/shared';

export interface AttachmentChoice {
  /** The attachments after adding the chosen files. */
  files: File[];
  /** Files dropped because the limit of three was reached. */
  droppedForLimit: number;
  /** Files dropped because they are not images. */
  droppedNotImages: number;
}

/**
 * Adds chosen files to the reference images: images only (image/*), at most three in all;
 * the extras are dropped (docs/product.md, Chat).
 */
export function addAttachments(current: File[], chosen: Iterable<File>): AttachmentChoice {
  const files = [...current];
  let droppedForLimit = 0;
  let droppedNotImages = 0;
  for (const file of chosen) {
    if (!file.type.startsWith('image/')) droppedNotImages++;
    else if (files.length >= maxChatReferenceImages) droppedForLimit++;
    else files.push(file);
  }
  return { files, droppedForLimit, droppedNotImages };
}
