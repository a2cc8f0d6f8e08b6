/** Blob key layout (docs/architecture.md, A transformation, end to end): everything of a project lives under one folder. */
export function projectFolder(userId: string, projectId: string): string {
  return `users/${userId}/projects/${projectId}/`;
}

let lastTimestamp = 0;
/** Millisecond timestamps for file names, strictly increasing within this process. */
export function nextFileTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

export const projectKeys = {
  /** JPEG photos are kept as JPEG (processUploadedOriginal); earlier projects' originals are PNG. */
  original: (userId: string, projectId: string, format: 'jpeg' | 'png' = 'png') =>
    `${projectFolder(userId, projectId)}original.${format === 'jpeg' ? 'jpg' : 'png'}`,
  originalThumbnail: (userId: string, projectId: string) =>
    `${projectFolder(userId, projectId)}original.thumb.webp`,
  generated: (userId: string, projectId: string, timestamp: number) =>
    `${projectFolder(userId, projectId)}generated/${timestamp}.png`,
  generatedThumbnail: (userId: string, projectId: string, timestamp: number) =>
    `${projectFolder(userId, projectId)}generated/${timestamp}.thumb.webp`,
  chatImage: (userId: string, projectId: string, timestamp: number) =>
    `${projectFolder(userId, projectId)}chat/${timestamp}.png`,
  chatImageThumbnail: (userId: string, projectId: string, timestamp: number) =>
    `${projectFolder(userId, projectId)}chat/${timestamp}.thumb.webp`,
  /** The mask a transformation job was sent with, kept as its input (docs/architecture.md). */
  inpaintingMask: (userId: string, projectId: string, jobId: string) =>
    `${projectFolder(userId, projectId)}masks/${jobId}.png`,
  chatMask: (userId: string, projectId: string, timestamp: number) =>
    `${projectFolder(userId, projectId)}chat/mask-${timestamp}.png`,
  region: (userId: string, projectId: string, element: string, timestamp: number) =>
    `${projectFolder(userId, projectId)}regions/${element}-${timestamp}.png`,
};

/** The thumbnail key beside a generated result's key (…/generated/{ms}.png → {ms}.thumb.webp). */
export function generatedThumbnailKeyOf(resultKey: string): string {
  return resultKey.replace(/\.png$/, '.thumb.webp');
}

/** The owner and project a key belongs to, or null for a key outside the layout. */
export function parseProjectKey(key: string): { userId: string; projectId: string } | null {
  const match = /^users\/([^/]+)\/projects\/([^/]+)\/.+$/.exec(key);
  return match?.[1] && match[2] ? { userId: match[1], projectId: match[2] } : null;
}
