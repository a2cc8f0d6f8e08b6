// A project's plain values, apart from its zod schemas (projects.schemas.ts) so that the web
// app's first screen uses them without loading zod (docs/decisions/108-app-shell-split.md).

/** Upload limits (docs/product.md, Limits and numbers); the server's are configurable, these are the defaults. */
export const defaultMaxUploadBytes = 20 * 1024 * 1024;
export const defaultMaxUploadPixels = 40_000_000;
/** Longest side of the thumbnails shown in lists, galleries and dashboard cards. */
export const thumbnailSize = 480;
/** WebP quality of those thumbnails. */
export const thumbnailQuality = 80;
/**
 * libwebp's effort for them: 2 instead of the default 4 halves the encode (a 480-pixel photo:
 * 13 → 6 ms) for about 5 % more bytes (docs/decisions/122-recolour-paint-kernel.md).
 */
export const thumbnailEffort = 2;
export const maxProjectNameLength = 120;

/** The three kinds of change a project offers (docs/product.md, Offers); standard is the default. */
export const projectOffers = ['standard', 'inpainting', 'chat'] as const;
export type ProjectOffer = (typeof projectOffers)[number];
export const defaultProjectOffer: ProjectOffer = 'standard';

/** Characters encodeURIComponent leaves alone, plus the path separator. */
const plainKey = /^[A-Za-z0-9\-_.!~*'()/]*$/;

/** The URL that serves a blob key to its owner. */
export function fileUrl(key: string): string {
  // Keys we write are plain (ids, file names): they need no encoding, which a project list
  // would otherwise spend on every thumbnail (docs/decisions/102-request-path.md).
  if (plainKey.test(key)) return `/api/files/${key}`;
  return `/api/files/${key.split('/').map(encodeURIComponent).join('/')}`;
}
