/**
 * Draws the frames of a before/after video. The same code runs in the encoding worker
 * (OffscreenCanvas) and, where WebCodecs is missing, on the page for MediaRecorder.
 * Everything that does not move is drawn once into layers, so a frame is three image copies,
 * a clip and a line: drawing stays far cheaper than encoding.
 */

export interface VideoScene {
  width: number;
  height: number;
  framesPerSecond: number;
  frameCount: number;
  /** Seconds the before picture shows alone at the start, and the after picture at the end. */
  holdSeconds: number;
  labels: { before: string; after: string };
  title: string;
  subtitle: string;
  /** Watermark text (top right), or null for none. */
  watermark: string | null;
  /** The site's address shown on free accounts' videos (docs/product.md, Credits and tiers), or null. */
  siteBadge: string | null;
}

type Surface = OffscreenCanvas | HTMLCanvasElement;
type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
type Picture = ImageBitmap | Surface;

export interface SceneLayers {
  before: Surface;
  after: Surface;
  overlay: Surface;
  /** Where the overlay has anything drawn: only these parts are copied into each frame. */
  overlayRegions: Rectangle[];
}

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface FittedRectangle {
  mode: 'cover' | 'contain';
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Cover keeps at least this share of the picture's width and height; below it, letterbox. */
export const minimumCoverShare = 0.8;

/**
 * Where a picture goes in the frame without distortion (docs/decisions/060-video-creator.md):
 * cover (fill the frame, crop the edges) when the crop keeps at least 80% of each side,
 * otherwise contain (whole picture, letterboxed on a blurred fill of itself).
 */
export function fitPicture(picture: Size, frame: Size): FittedRectangle {
  const coverScale = Math.max(frame.width / picture.width, frame.height / picture.height);
  const keptWidth = frame.width / coverScale / picture.width;
  const keptHeight = frame.height / coverScale / picture.height;
  const mode = Math.min(keptWidth, keptHeight) >= minimumCoverShare ? 'cover' : 'contain';
  const scale =
    mode === 'cover' ? coverScale : Math.min(frame.width / picture.width, frame.height / picture.height);
  const width = picture.width * scale;
  const height = picture.height * scale;
  return { mode, x: (frame.width - width) / 2, y: (frame.height - height) / 2, width, height };
}

/** How far the wipe has gone at a frame: 0 shows only before, 1 only after; eased, symmetric about the middle. */
export function wipeProgress(scene: VideoScene, frameIndex: number): number {
  const seconds = frameIndex / scene.framesPerSecond;
  const duration = scene.frameCount / scene.framesPerSecond;
  const wipeSeconds = duration - 2 * scene.holdSeconds;
  const linear = Math.min(1, Math.max(0, (seconds - scene.holdSeconds) / wipeSeconds));
  return linear * linear * (3 - 2 * linear);
}

export function createSurface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

export function contextOf(surface: Surface): Context2D {
  const context = surface.getContext('2d') as Context2D | null;
  if (!context) throw new Error('2D canvas is not available');
  return context;
}

function sizeOf(picture: Picture): Size {
  return { width: picture.width, height: picture.height };
}

function fontOf(weight: number, size: number): string {
  return `${weight} ${Math.round(size)}px system-ui, "Segoe UI", Roboto, "DejaVu Sans", sans-serif`;
}

/** A soft, darkened copy of the picture filling the frame, behind a letterboxed picture. */
function drawBlurredFill(context: Context2D, picture: Picture, frame: Size): void {
  // Scaling down to a few dozen pixels and back up blurs for the cost of two copies.
  const small = createSurface(
    Math.max(1, Math.round(frame.width / 32)),
    Math.max(1, Math.round(frame.height / 32)),
  );
  const smallContext = contextOf(small);
  const cover = Math.max(small.width / picture.width, small.height / picture.height);
  const width = picture.width * cover;
  const height = picture.height * cover;
  smallContext.drawImage(picture, (small.width - width) / 2, (small.height - height) / 2, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(small, 0, 0, frame.width, frame.height);
  context.fillStyle = 'rgba(0, 0, 0, 0.35)';
  context.fillRect(0, 0, frame.width, frame.height);
}

function drawPill(
  context: Context2D,
  text: string,
  options: { x: number; y: number; align: 'left' | 'right' | 'center'; fontSize: number; opacity: number },
): Rectangle {
  const { fontSize } = options;
  context.font = fontOf(600, fontSize);
  const padding = fontSize * 0.5;
  const width = context.measureText(text).width + padding * 2;
  const height = fontSize * 1.6;
  const left =
    options.align === 'left'
      ? options.x
      : options.align === 'right'
        ? options.x - width
        : options.x - width / 2;
  context.fillStyle = `rgba(0, 0, 0, ${0.55 * options.opacity})`;
  context.beginPath();
  context.roundRect(left, options.y, width, height, height / 2);
  context.fill();
  context.fillStyle = `rgba(255, 255, 255, ${options.opacity})`;
  context.textBaseline = 'middle';
  context.textAlign = 'left';
  context.fillText(text, left + padding, options.y + height / 2);
  return { x: left, y: options.y, width, height };
}

/** One side of the wipe: the fitted picture with its label, ready to copy into every frame. */
function drawPictureLayer(picture: Picture, scene: VideoScene, side: 'before' | 'after'): Surface {
  const frame = { width: scene.width, height: scene.height };
  const layer = createSurface(scene.width, scene.height);
  const context = contextOf(layer);
  const fitted = fitPicture(sizeOf(picture), frame);
  if (fitted.mode === 'contain') drawBlurredFill(context, picture, frame);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(picture, fitted.x, fitted.y, fitted.width, fitted.height);
  const unit = Math.min(scene.width, scene.height);
  const fontSize = unit * 0.045;
  const margin = unit * 0.04;
  const y = scene.height - margin - fontSize * 1.6;
  // Before keeps the right side until the end of the wipe, after enters from the left.
  if (side === 'before') {
    drawPill(context, scene.labels.before, {
      x: scene.width - margin,
      y,
      align: 'right',
      fontSize,
      opacity: 1,
    });
  } else {
    drawPill(context, scene.labels.after, { x: margin, y, align: 'left', fontSize, opacity: 1 });
  }
  return layer;
}

/** Writes text on one line, shrinking the font until it fits the width. */
function fitFontSize(
  context: Context2D,
  text: string,
  weight: number,
  size: number,
  maxWidth: number,
): number {
  let fitted = size;
  context.font = fontOf(weight, fitted);
  while (fitted > 10 && context.measureText(text).width > maxWidth) {
    fitted *= 0.92;
    context.font = fontOf(weight, fitted);
  }
  return fitted;
}

/** Title, subtitle, watermark and site badge: the parts that stay still over the wipe. */
function drawOverlayLayer(scene: VideoScene): { overlay: Surface; overlayRegions: Rectangle[] } {
  const regions: Rectangle[] = [];
  const layer = createSurface(scene.width, scene.height);
  const context = contextOf(layer);
  const unit = Math.min(scene.width, scene.height);
  const margin = unit * 0.05;
  const title = scene.title.trim();
  const subtitle = scene.subtitle.trim();
  if (title || subtitle) {
    const titleSize = title ? fitFontSize(context, title, 700, unit * 0.075, scene.width - margin * 2) : 0;
    const subtitleSize = subtitle
      ? fitFontSize(context, subtitle, 500, unit * 0.045, scene.width - margin * 2)
      : 0;
    const bandHeight = margin * 2 + titleSize * 1.25 + subtitleSize * 1.4;
    const gradient = context.createLinearGradient(0, 0, 0, bandHeight * 1.4);
    gradient.addColorStop(0, 'rgba(0, 0, 0, 0.65)');
    gradient.addColorStop(1, 'rgba(0, 0, 0, 0)');
    context.fillStyle = gradient;
    context.fillRect(0, 0, scene.width, bandHeight * 1.4);
    regions.push({ x: 0, y: 0, width: scene.width, height: bandHeight * 1.4 });
    context.textAlign = 'center';
    context.textBaseline = 'top';
    context.fillStyle = '#ffffff';
    let y = margin;
    if (title) {
      context.font = fontOf(700, titleSize);
      context.fillText(title, scene.width / 2, y);
      y += titleSize * 1.25;
    }
    if (subtitle) {
      context.font = fontOf(500, subtitleSize);
      context.fillText(subtitle, scene.width / 2, y);
    }
  }
  if (scene.watermark) {
    regions.push(
      drawPill(context, scene.watermark, {
        x: scene.width - margin,
        y: margin,
        align: 'right',
        fontSize: unit * 0.035,
        opacity: 0.8,
      }),
    );
  }
  if (scene.siteBadge) {
    const fontSize = unit * 0.03;
    regions.push(
      drawPill(context, scene.siteBadge, {
        x: scene.width / 2,
        y: scene.height - margin - fontSize * 1.6,
        align: 'center',
        fontSize,
        opacity: 0.85,
      }),
    );
  }
  return { overlay: layer, overlayRegions: regions.map((region) => snapToPixels(region, scene)) };
}

/** Whole pixels inside the frame, a pixel wider on each side for anti-aliased edges. */
function snapToPixels(region: Rectangle, frame: Size): Rectangle {
  const x = Math.max(0, Math.floor(region.x) - 1);
  const y = Math.max(0, Math.floor(region.y) - 1);
  const right = Math.min(frame.width, Math.ceil(region.x + region.width) + 1);
  const bottom = Math.min(frame.height, Math.ceil(region.y + region.height) + 1);
  return { x, y, width: right - x, height: bottom - y };
}

export function prepareLayers(scene: VideoScene, before: Picture, after: Picture): SceneLayers {
  return {
    before: drawPictureLayer(before, scene, 'before'),
    after: drawPictureLayer(after, scene, 'after'),
    ...drawOverlayLayer(scene),
  };
}

/**
 * Frame `frameIndex`: after on the left of the wipe line, before on the right. Each side is
 * copied only where it shows, and the overlay only where it has something, because at
 * 1080×1920 every full-frame copy costs as much as a tenth of the frame's encoding.
 */
export function drawFrame(
  context: Context2D,
  layers: SceneLayers,
  scene: VideoScene,
  frameIndex: number,
): void {
  const { width, height } = scene;
  const progress = wipeProgress(scene, frameIndex);
  const lineX = Math.round(progress * width);
  if (lineX > 0) context.drawImage(layers.after, 0, 0, lineX, height, 0, 0, lineX, height);
  if (lineX < width) {
    context.drawImage(layers.before, lineX, 0, width - lineX, height, lineX, 0, width - lineX, height);
  }
  if (progress > 0 && progress < 1) {
    const lineWidth = Math.max(2, Math.round(Math.min(width, height) / 200));
    context.fillStyle = '#ffffff';
    context.fillRect(lineX - lineWidth / 2, 0, lineWidth, height);
  }
  for (const region of layers.overlayRegions) {
    context.drawImage(
      layers.overlay,
      region.x,
      region.y,
      region.width,
      region.height,
      region.x,
      region.y,
      region.width,
      region.height,
    );
  }
}
