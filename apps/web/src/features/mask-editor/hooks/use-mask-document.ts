import { isRegionElement, type RegionElement, type Size } from '@facelift/shared';
import { type RefObject, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { fitPixelBudget, loadMaskImage, maskToPngDataUrl, workingPixelBudget } from '../mask-image-io.ts';
import { MaskLayers, type MaskTarget, maskTargets } from '../mask-layers.ts';
import { renderOverlay } from '../mask-overlay.ts';
import type { PixelBox } from '../mask-painting.ts';

export type PhotoLoadState = 'loading' | 'loaded' | 'failed';

export interface MaskDocumentOptions {
  imageUrl: string;
  /** The layer drawn on top of the others. */
  activeTarget: MaskTarget;
  /** Saved regions or mask to start from, loaded once per photo. */
  initialMasks?: Partial<Record<MaskTarget, string>>;
  /** Told after every change which layers hold paint. */
  onChange?(painted: MaskTarget[]): void;
}

/** The painted document of the editor: the layers, their overlay canvas, history and export. */
export interface MaskDocument {
  /** The layers in working pixels; null until the photo has loaded. */
  layersRef: RefObject<MaskLayers | null>;
  photoRef: RefObject<HTMLImageElement | null>;
  /** The photo's natural size, known once it has loaded. */
  naturalSize: Size | null;
  loadState: PhotoLoadState;
  handlePhotoLoad(): void;
  handlePhotoError(): void;
  /** Ref callback for the overlay canvas, which exists only while the editor is open. */
  attachCanvas(canvas: HTMLCanvasElement | null): void;
  /** Repaints part of the overlay while a gesture is still going on. */
  redraw(box: PixelBox | null): void;
  /** After a finished change: redraw, refresh undo/redo, tell the parent. */
  commit(box: PixelBox | null): void;
  undo(): void;
  redo(): void;
  reset(): void;
  /** The inpainting mask as a PNG data URL at the photo's natural size, or null if nothing is painted. */
  exportMask(): string | null;
  /** One mask per element that has a marked region. */
  exportRegions(): Partial<Record<RegionElement, string>>;
}

/**
 * Owns the mask layers of one photo. The layers are mutable and kept in a ref so that a
 * stroke repaints only the pixels it touched; a revision counter re-renders the undo/redo state.
 */
export function useMaskDocument({
  imageUrl,
  activeTarget,
  initialMasks,
  onChange,
}: MaskDocumentOptions): MaskDocument {
  const [naturalSize, setNaturalSize] = useState<Size | null>(null);
  const [loadState, setLoadState] = useState<PhotoLoadState>('loading');
  const [, bumpRevision] = useReducer((revision: number) => revision + 1, 0);

  const layersRef = useRef<MaskLayers | null>(null);
  /** The photo the layers were made for: a new photo starts a new document. */
  const layersPhotoRef = useRef<string | null>(null);
  const photoRef = useRef<HTMLImageElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const overlayPixelsRef = useRef<ImageData | null>(null);
  const activeTargetRef = useRef(activeTarget);
  activeTargetRef.current = activeTarget;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const redraw = useCallback((box: PixelBox | null) => {
    const layers = layersRef.current;
    const canvas = canvasRef.current;
    if (!layers || !canvas || !box) return;
    const context = canvas.getContext('2d');
    if (!context) return;
    if (
      overlayPixelsRef.current?.width !== layers.width ||
      overlayPixelsRef.current.height !== layers.height
    ) {
      overlayPixelsRef.current = new ImageData(layers.width, layers.height);
    }
    const pixels = overlayPixelsRef.current;
    renderOverlay(layers, pixels.data, box, activeTargetRef.current, maskTargets);
    context.putImageData(pixels, 0, 0, box.left, box.top, box.right - box.left + 1, box.bottom - box.top + 1);
  }, []);

  const redrawAll = useCallback(() => {
    const layers = layersRef.current;
    if (layers) redraw({ left: 0, top: 0, right: layers.width - 1, bottom: layers.height - 1 });
  }, [redraw]);

  const commit = useCallback(
    (box: PixelBox | null) => {
      redraw(box);
      bumpRevision();
      const layers = layersRef.current;
      if (layers) onChangeRef.current?.(maskTargets.filter((target) => !layers.isEmpty(target)));
    },
    [redraw],
  );

  // The overlay canvas exists only while open: give it the working size and paint it whole.
  const attachCanvas = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      canvasRef.current = canvas;
      const layers = layersRef.current;
      if (!canvas || !layers) return;
      canvas.width = layers.width;
      canvas.height = layers.height;
      redrawAll();
    },
    [redrawAll],
  );

  // Saved masks and regions are read once per photo, before its layers are handed out: a
  // stroke, Reset or Close before they arrived would otherwise be overwritten by them, or
  // save an empty layer over a region the user never saw (the editor says "Loading…" meanwhile).
  const initialMasksRef = useRef(initialMasks);
  initialMasksRef.current = initialMasks;
  const handlePhotoLoad = useCallback(() => {
    const photo = photoRef.current;
    if (!photo?.naturalWidth) return;
    if (layersPhotoRef.current === imageUrl) return;
    const size = { width: photo.naturalWidth, height: photo.naturalHeight };
    const working = fitPixelBudget(size, workingPixelBudget);
    const layers = new MaskLayers(working.width, working.height);
    layersPhotoRef.current = imageUrl;
    layersRef.current = null;
    setNaturalSize(size);
    const publish = () => {
      if (layersPhotoRef.current !== imageUrl) return;
      layersRef.current = layers;
      attachCanvas(canvasRef.current);
      setLoadState('loaded');
      commit(null);
    };
    const saved = savedMasks(initialMasksRef.current);
    // Nothing saved: the layers are ready at once, in the same event as the photo.
    if (saved.length === 0) publish();
    else void loadSavedMasks(layers, saved).then(publish);
  }, [imageUrl, attachCanvas, commit]);

  const handlePhotoError = useCallback(() => setLoadState('failed'), []);

  // A new photo shows as loading until its own layers are made.
  useEffect(() => {
    if (layersPhotoRef.current !== null && layersPhotoRef.current !== imageUrl) setLoadState('loading');
  }, [imageUrl]);

  // The active layer is drawn on top: redraw when it changes.
  useEffect(() => {
    if (activeTarget) redrawAll();
  }, [activeTarget, redrawAll]);

  const undo = useCallback(() => commit(layersRef.current?.undo() ?? null), [commit]);
  const redo = useCallback(() => commit(layersRef.current?.redo() ?? null), [commit]);
  const reset = useCallback(() => commit(layersRef.current?.reset() ?? null), [commit]);

  const exportMask = useCallback(() => {
    const layers = layersRef.current;
    if (!layers || !naturalSize) return null;
    return maskToPngDataUrl(layers.layer('mask'), naturalSize);
  }, [naturalSize]);

  const exportRegions = useCallback(() => {
    const layers = layersRef.current;
    const regions: Partial<Record<RegionElement, string>> = {};
    if (!layers || !naturalSize) return regions;
    for (const target of maskTargets) {
      if (target === 'mask') continue;
      const url = maskToPngDataUrl(layers.layer(target), naturalSize);
      if (url) regions[target] = url;
    }
    return regions;
  }, [naturalSize]);

  return {
    layersRef,
    photoRef,
    naturalSize,
    loadState,
    handlePhotoLoad,
    handlePhotoError,
    attachCanvas,
    redraw,
    commit,
    undo,
    redo,
    reset,
    exportMask,
    exportRegions,
  };
}

type SavedMask = [target: MaskTarget, url: string];

function savedMasks(initialMasks: Partial<Record<MaskTarget, string>> | undefined): SavedMask[] {
  return Object.entries(initialMasks ?? {}).filter(
    (entry): entry is SavedMask => !!entry[1] && (entry[0] === 'mask' || isRegionElement(entry[0])),
  );
}

/** Loads each saved mask or region into its layer; one that cannot be read stays empty, to be marked again. */
async function loadSavedMasks(layers: MaskLayers, saved: SavedMask[]): Promise<void> {
  await Promise.all(
    saved.map(async ([target, url]) => {
      const mask = await loadMaskImage(url).catch(() => null);
      if (mask) layers.load(target, mask);
    }),
  );
}
