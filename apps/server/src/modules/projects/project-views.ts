import {
  type ChatContentItem,
  type ChatMessage,
  type ElementRegion,
  fileUrl,
  type HistoryItem,
  type StoredImage,
} from '@facelift/shared';
import { fromJson, toIsoString } from '../../db/dialect.ts';
import type * as repository from './projects.repository.ts';

// Rows of the projects module's tables as the API shows them; shared by its services.

export interface ImageColumns {
  key: string;
  thumbnailKey: string;
  width: number;
  height: number;
}

export function toStoredImage(image: ImageColumns): StoredImage {
  return {
    key: image.key,
    url: fileUrl(image.key),
    thumbnailUrl: fileUrl(image.thumbnailKey),
    width: image.width,
    height: image.height,
  };
}

export function originalOf(row: repository.ProjectRow): StoredImage {
  return toStoredImage({
    key: row.original_key,
    thumbnailKey: row.original_thumbnail_key,
    width: row.original_width,
    height: row.original_height,
  });
}

export function toHistoryItem(row: repository.HistoryItemRow): HistoryItem {
  return {
    id: row.id,
    projectId: row.project_id,
    original: toStoredImage({
      key: row.source_key,
      thumbnailKey: row.source_thumbnail_key,
      width: row.source_width,
      height: row.source_height,
    }),
    transformed: toStoredImage({
      key: row.result_key,
      thumbnailKey: row.result_thumbnail_key,
      width: row.result_width,
      height: row.result_height,
    }),
    prompt: row.prompt,
    createdAt: toIsoString(row.created_at),
    // Every stored result is saved in its project, for every account; saved_at, set by the
    // former "Save generated", only remains for items saved that way (docs/decisions/080-free-tier-story.md).
    savedAt: toIsoString(row.saved_at ?? row.created_at),
  };
}

export type StoredChatContentItem =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image: ImageColumns };

export function toChatMessage(row: repository.ChatMessageRow): ChatMessage {
  const content = fromJson<StoredChatContentItem[]>(row.content).map(
    (item): ChatContentItem =>
      item.type === 'input_text' ? item : { type: 'input_image', image: toStoredImage(item.image) },
  );
  const image = row.image ? fromJson<ImageColumns>(row.image) : null;
  return {
    id: row.id,
    role: row.role,
    content,
    image: image ? toStoredImage(image) : null,
    savedResultId: row.saved_result_id ?? null,
    createdAt: toIsoString(row.created_at),
  };
}

export function toRegion(row: repository.RegionRow): ElementRegion {
  return {
    element: row.element,
    key: row.key,
    url: fileUrl(row.key),
    width: row.width,
    height: row.height,
    updatedAt: toIsoString(row.updated_at),
  };
}
