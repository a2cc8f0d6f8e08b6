import type { Directives, ElementType, OutputSize } from '@facelift/shared';

export const imageEngineNames = ['local', 'openai'] as const;
export type ImageEngineName = (typeof imageEngineNames)[number];

/**
 * Masks follow the mask contract of the mask editor (docs/product.md, Marking and selection): a PNG at the source image's
 * natural size where fully transparent pixels (alpha 0) mark the area to edit and opaque
 * black pixels the area to keep. Opaque pixels whose channels all exceed 200 also count as
 * marked (the painted-pixel rule), so white-on-black masks read the same way.
 */
export type MaskPng = Buffer;

/** One image edit: what the job pipeline hands to an engine. */
export interface ImageEditRequest {
  /** The source image as stored (PNG, JPEG or WebP), at full resolution. */
  image: Buffer;
  /** The inpainting mask, when the user painted one. */
  mask?: MaskPng;
  /** The area of each facade element the user marked, keyed by element type. */
  elementRegions?: Partial<Record<ElementType, MaskPng>>;
  /** The composed English prompt (composePrompt of the same directives). */
  prompt: string;
  /** The structured choices the prompt was composed from. */
  directives: Directives;
  /** The provider's output size (chooseOutputSize of the source dimensions). */
  outputSize: OutputSize;
  /** Aborts the edit: a job timeout or a shutdown. */
  signal?: AbortSignal;
}

/** The edited image: a PNG at the source's full resolution. */
export interface ImageEditResult {
  image: Buffer;
  /**
   * The gallery thumbnail (WebP), made from the pixels the engine already held; without it the
   * pipeline decodes `image` to make one.
   */
  thumbnail?: Buffer;
  width: number;
  height: number;
  engine: ImageEngineName;
}

/**
 * An image engine (docs/product.md, Image engines). Implementations throw AppError: ENGINE_UNSUPPORTED when the
 * engine cannot serve the request, CONTENT_REJECTED when the provider's moderation refuses
 * it, ENGINE_FAILED when the provider fails. Every failure must refund the job.
 */
export interface ImageEngine {
  readonly name: ImageEngineName;
  edit(request: ImageEditRequest): Promise<ImageEditResult>;
}
