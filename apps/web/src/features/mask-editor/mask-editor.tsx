import {
  isRegionElement,
  mapPoint,
  type Point,
  type RegionElement,
  smartSelectTolerance,
} from '@facelift/shared';
import { Dialog } from 'radix-ui';
import {
  type PointerEvent as ReactPointerEvent,
  type WheelEvent as ReactWheelEvent,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { MaskEditorToolbar, type ToolSettings } from './mask-editor-toolbar.tsx';
import {
  analysisPixelBudget,
  fitPixelBudget,
  loadMaskImage,
  maskToPngDataUrl,
  readImagePixels,
  workingPixelBudget,
} from './mask-image-io.ts';
import { MaskLayers, type MaskTarget, maskTargets } from './mask-layers.ts';
import { renderOverlay } from './mask-overlay.ts';
import { brushSizeLimits, clampBrushSize, type PixelBox } from './mask-painting.ts';
import { createSmartSelector, type SmartSelector } from './smart-select-client.ts';
import { fittedViewport, panBy, type Viewport, wheelZoomFactor, zoomAround } from './viewport.ts';
import './mask-editor.css';

/** What a parent can ask of the editor through its `ref`. */
export interface MaskEditorHandle {
  /** The inpainting mask as a PNG data URL at the photo's natural size (mask contract), or null if nothing is painted. */
  getMask(): string | null;
  /** Clears everything painted (mask and regions); undoable while the editor is mounted. */
  resetMask(): void;
  /** One mask (same contract) per element that has a marked region. */
  getRegions(): Partial<Record<RegionElement, string>>;
}

export interface MaskEditorProps {
  imageUrl: string;
  /** The size the photo is shown at; brush sizes are measured in these pixels. */
  displayWidth: number;
  displayHeight: number;
  onClose(): void;
  /** Keep the editor mounted and toggle `open` so that what was painted survives closing. */
  open?: boolean;
  /**
   * The layer selected whenever the editor opens: the inpainting mask (the upload panel's
   * inpainting button) or an element's region (the directives panel's "Mark area").
   */
  initialTarget?: MaskTarget;
  /** Saved regions or mask to start from (mask-contract images, e.g. kept on the project). */
  initialMasks?: Partial<Record<MaskTarget, string>>;
  /** Told after every change which layers hold paint. */
  onChange?(painted: MaskTarget[]): void;
  ref?: Ref<MaskEditorHandle>;
}

type SmartSelectState = 'idle' | 'preparing' | 'ready' | 'selecting' | 'unavailable';

type Gesture =
  | { kind: 'stroke'; last: Point }
  | { kind: 'shape'; start: Point; current: Point }
  | { kind: 'pan'; lastX: number; lastY: number }
  | { kind: 'pinch'; distance: number; midX: number; midY: number }
  | null;

const zoomStep = 1.25;

/** Large even surfaces start with a wide tolerance, small parts with a narrow one (see the bench). */
function initialTolerances(): Record<MaskTarget, number> {
  return {
    mask: smartSelectTolerance.default,
    walls: smartSelectTolerance.largeSurface,
    roof: smartSelectTolerance.largeSurface,
    windowFrames: smartSelectTolerance.smallPart,
    doorFrames: smartSelectTolerance.smallPart,
  };
}

/**
 * The full-screen mask editor (SPEC §2, PRODUCT §5): paint the area to edit, or mark each
 * element's region, with brush, shapes, eraser and smart select; undo, redo, zoom and pan.
 */
export function MaskEditor({
  imageUrl,
  displayWidth,
  displayHeight,
  onClose,
  open = true,
  initialTarget = 'mask',
  initialMasks,
  onChange,
  ref,
}: MaskEditorProps) {
  const { t } = useTranslation('maskEditor');
  const [settings, setSettings] = useState<ToolSettings>({
    tool: 'brush',
    target: initialTarget,
    brushShape: 'round',
    regionShape: 'rectangle',
    brushSize: brushSizeLimits.default,
    tolerances: initialTolerances(),
  });
  const [viewport, setViewport] = useState<Viewport>(fittedViewport);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [loadState, setLoadState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [smartState, setSmartState] = useState<SmartSelectState>('idle');
  const [, bumpRevision] = useReducer((revision: number) => revision + 1, 0);
  const [shapePreview, setShapePreview] = useState<{ start: Point; current: Point } | null>(null);
  const [cursor, setCursor] = useState<Point | null>(null);
  const [isSpaceHeld, setIsSpaceHeld] = useState(false);

  const layersRef = useRef<MaskLayers | null>(null);
  /** The photo the layers were made for: a new photo starts a new document. */
  const layersPhotoRef = useRef<string | null>(null);
  const photoRef = useRef<HTMLImageElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const overlayPixelsRef = useRef<ImageData | null>(null);
  const stageRef = useRef<HTMLDivElement | null>(null);
  const gestureRef = useRef<Gesture>(null);
  const pointersRef = useRef(new Map<number, { x: number; y: number; type: string }>());
  const selectorRef = useRef<SmartSelector | null>(null);
  const analysisSizeRef = useRef<{ width: number; height: number } | null>(null);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  /** Repaints part of the overlay canvas from the layers. */
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
    renderOverlay(layers, pixels.data, box, settingsRef.current.target, maskTargets);
    context.putImageData(pixels, 0, 0, box.left, box.top, box.right - box.left + 1, box.bottom - box.top + 1);
  }, []);

  const redrawAll = useCallback(() => {
    const layers = layersRef.current;
    if (layers) redraw({ left: 0, top: 0, right: layers.width - 1, bottom: layers.height - 1 });
  }, [redraw]);

  /** After a change: redraw, refresh undo/redo buttons, tell the parent. */
  const changed = useCallback(
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

  const handlePhotoLoad = () => {
    const photo = photoRef.current;
    if (!photo?.naturalWidth) return;
    const size = { width: photo.naturalWidth, height: photo.naturalHeight };
    if (!layersRef.current || layersPhotoRef.current !== imageUrl) {
      const working = fitPixelBudget(size, workingPixelBudget);
      layersRef.current = new MaskLayers(working.width, working.height);
      layersPhotoRef.current = imageUrl;
      setNatural(size);
      attachCanvas(canvasRef.current);
    }
    setLoadState('loaded');
  };

  // A new photo needs a new analysis (its layers are replaced when it loads).
  useEffect(() => {
    if (layersPhotoRef.current !== null && layersPhotoRef.current !== imageUrl) setLoadState('loading');
    setSmartState('idle');
    return () => {
      selectorRef.current?.dispose();
      selectorRef.current = null;
      analysisSizeRef.current = null;
    };
  }, [imageUrl]);

  // Saved masks and regions are loaded once per photo, when its working size is known; a
  // parent re-rendering with a new `initialMasks` object must not wipe what was painted since.
  const initialMasksLoadedForRef = useRef<string | null>(null);
  useEffect(() => {
    if (!natural || !initialMasks || initialMasksLoadedForRef.current === imageUrl) return;
    initialMasksLoadedForRef.current = imageUrl;
    const layers = layersRef.current;
    for (const [target, url] of Object.entries(initialMasks)) {
      if (!url || !(target === 'mask' || isRegionElement(target))) continue;
      loadMaskImage(url)
        .then((mask) => {
          if (!mask || !layers || layersRef.current !== layers) return;
          layers.load(target, mask);
          changed({ left: 0, top: 0, right: layers.width - 1, bottom: layers.height - 1 });
        })
        // A saved region that cannot be read leaves its layer empty, to be marked again.
        .catch(() => undefined);
    }
  }, [natural, initialMasks, imageUrl, changed]);

  // Each opening starts on the layer the opener asked for.
  useEffect(() => {
    if (open) setSettings((current) => ({ ...current, target: initialTarget }));
  }, [open, initialTarget]);

  // The active layer is drawn on top: redraw when it changes.
  useEffect(() => {
    if (settings.target) redrawAll();
  }, [settings.target, redrawAll]);

  /** Starts the smart-select analysis the first time the tool is chosen. */
  useEffect(() => {
    if (settings.tool !== 'smartSelect' || smartState !== 'idle' || !natural || !photoRef.current) return;
    const size = fitPixelBudget(natural, analysisPixelBudget);
    const pixels = readImagePixels(photoRef.current, size);
    if (!pixels) {
      setSmartState('unavailable');
      return;
    }
    const selector = createSmartSelector();
    selectorRef.current = selector;
    analysisSizeRef.current = size;
    setSmartState('preparing');
    selector.prepare(pixels).then(
      () => selectorRef.current === selector && setSmartState('ready'),
      () => selectorRef.current === selector && setSmartState('unavailable'),
    );
  }, [settings.tool, smartState, natural]);

  const undo = useCallback(() => changed(layersRef.current?.undo() ?? null), [changed]);
  const redo = useCallback(() => changed(layersRef.current?.redo() ?? null), [changed]);
  const reset = useCallback(() => changed(layersRef.current?.reset() ?? null), [changed]);

  const zoomBy = useCallback((factor: number) => {
    const stage = stageRef.current;
    const container = stage?.parentElement;
    // Buttons zoom around the middle of what is visible.
    const anchor = container
      ? { x: container.clientWidth / 2 - stage.offsetLeft, y: container.clientHeight / 2 - stage.offsetTop }
      : { x: 0, y: 0 };
    setViewport((view) => zoomAround(view, factor, anchor));
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      getMask() {
        const layers = layersRef.current;
        if (!layers || !natural) return null;
        return maskToPngDataUrl(layers.layer('mask'), natural);
      },
      resetMask() {
        reset();
      },
      getRegions() {
        const layers = layersRef.current;
        const regions: Partial<Record<RegionElement, string>> = {};
        if (!layers || !natural) return regions;
        for (const target of maskTargets) {
          if (target === 'mask') continue;
          const url = maskToPngDataUrl(layers.layer(target), natural);
          if (url) regions[target] = url;
        }
        return regions;
      },
    }),
    [natural, reset],
  );

  // Keyboard shortcuts while the editor is open.
  useEffect(() => {
    if (!open) return;
    const isTyping = (target: EventTarget | null) =>
      target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA');
    const onKeyDown = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      if ((event.ctrlKey || event.metaKey) && (key === 'z' || key === 'y')) {
        event.preventDefault();
        if (key === 'y' || event.shiftKey) redo();
        else undo();
        return;
      }
      if (event.key === '[' || event.key === ']') {
        event.preventDefault();
        const step = event.key === '[' ? -5 : 5;
        setSettings((current) => ({ ...current, brushSize: clampBrushSize(current.brushSize + step) }));
        return;
      }
      // Space pans, unless it would press a focused button or type into a field.
      if (event.key === ' ' && !isTyping(event.target) && !(event.target instanceof HTMLButtonElement)) {
        event.preventDefault();
        setIsSpaceHeld(true);
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ') setIsSpaceHeld(false);
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [open, undo, redo]);

  /** Where a pointer is, in working pixels and in display pixels of the unzoomed photo. */
  const locate = (event: { clientX: number; clientY: number }) => {
    const layers = layersRef.current;
    const stage = stageRef.current;
    if (!stage) return null;
    const rect = stage.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const display = {
      x: ((event.clientX - rect.left) / rect.width) * displayWidth,
      y: ((event.clientY - rect.top) / rect.height) * displayHeight,
    };
    const working = layers
      ? mapPoint(
          display,
          { width: displayWidth, height: displayHeight },
          { width: layers.width, height: layers.height },
        )
      : null;
    return { display, working };
  };

  const brushDiameter = () => {
    const layers = layersRef.current;
    return layers ? (settingsRef.current.brushSize * layers.width) / displayWidth : 0;
  };

  const runSmartSelect = (point: Point, mode: 'add' | 'subtract') => {
    const selector = selectorRef.current;
    const analysis = analysisSizeRef.current;
    const layers = layersRef.current;
    if (!selector || !analysis || !layers || (smartState !== 'ready' && smartState !== 'selecting')) return;
    const target = settingsRef.current.target;
    const analysisPoint = mapPoint(point, { width: layers.width, height: layers.height }, analysis);
    setSmartState('selecting');
    selector.select(analysisPoint, settingsRef.current.tolerances[target]).then(
      (selection) => {
        setSmartState('ready');
        if (layersRef.current === layers) changed(layers.applySelection(target, selection, mode));
      },
      () => setSmartState('unavailable'),
    );
  };

  const handlePointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const layers = layersRef.current;
    pointersRef.current.set(event.pointerId, { x: event.clientX, y: event.clientY, type: event.pointerType });
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const touches = [...pointersRef.current.values()].filter((pointer) => pointer.type === 'touch');
    if (touches.length === 2) {
      // A second finger turns whatever the first one started into a pinch.
      changed(layers?.cancelOperation() ?? null);
      setShapePreview(null);
      const [first, second] = touches;
      if (!first || !second) return;
      gestureRef.current = {
        kind: 'pinch',
        distance: Math.hypot(first.x - second.x, first.y - second.y),
        midX: (first.x + second.x) / 2,
        midY: (first.y + second.y) / 2,
      };
      return;
    }
    if (isSpaceHeld || event.button === 1) {
      gestureRef.current = { kind: 'pan', lastX: event.clientX, lastY: event.clientY };
      return;
    }
    if (event.button !== 0 || !layers) return;
    const location = locate(event);
    if (!location?.working) return;
    event.preventDefault();
    const { tool, target, brushShape } = settingsRef.current;
    if (tool === 'smartSelect') {
      runSmartSelect(location.working, event.shiftKey ? 'subtract' : 'add');
      return;
    }
    if (tool === 'region') {
      gestureRef.current = { kind: 'shape', start: location.display, current: location.display };
      setShapePreview({ start: location.display, current: location.display });
      return;
    }
    layers.beginOperation(target);
    redraw(
      layers.strokeSegment(
        location.working,
        location.working,
        brushDiameter(),
        brushShape,
        tool === 'eraser' ? 0 : 1,
      ),
    );
    gestureRef.current = { kind: 'stroke', last: location.working };
  };

  const handlePointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const location = locate(event);
    if (location && event.pointerType !== 'touch') setCursor(location.display);
    if (!pointersRef.current.has(event.pointerId)) return;
    pointersRef.current.set(event.pointerId, { x: event.clientX, y: event.clientY, type: event.pointerType });
    const gesture = gestureRef.current;
    const layers = layersRef.current;
    if (!gesture) return;
    if (gesture.kind === 'pinch') {
      const touches = [...pointersRef.current.values()].filter((pointer) => pointer.type === 'touch');
      const [first, second] = touches;
      if (!first || !second) return;
      const distance = Math.hypot(first.x - second.x, first.y - second.y);
      const midX = (first.x + second.x) / 2;
      const midY = (first.y + second.y) / 2;
      const stage = stageRef.current;
      const container = stage?.parentElement?.getBoundingClientRect();
      const anchor =
        stage && container
          ? { x: midX - container.left - stage.offsetLeft, y: midY - container.top - stage.offsetTop }
          : { x: 0, y: 0 };
      const factor = gesture.distance > 0 ? distance / gesture.distance : 1;
      setViewport((view) =>
        panBy(zoomAround(view, factor, anchor), midX - gesture.midX, midY - gesture.midY),
      );
      gestureRef.current = { kind: 'pinch', distance, midX, midY };
      return;
    }
    if (gesture.kind === 'pan') {
      setViewport((view) => panBy(view, event.clientX - gesture.lastX, event.clientY - gesture.lastY));
      gestureRef.current = { kind: 'pan', lastX: event.clientX, lastY: event.clientY };
      return;
    }
    if (!location?.working || !layers) return;
    if (gesture.kind === 'shape') {
      gestureRef.current = { ...gesture, current: location.display };
      setShapePreview({ start: gesture.start, current: location.display });
      return;
    }
    // Coalesced events keep fast strokes with a pen or touch smooth.
    const samples = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const points = samples.length > 0 ? samples.map((sample) => locate(sample)?.working) : [location.working];
    const { brushShape, tool } = settingsRef.current;
    let last = gesture.last;
    for (const point of points) {
      if (!point) continue;
      redraw(layers.strokeSegment(last, point, brushDiameter(), brushShape, tool === 'eraser' ? 0 : 1));
      last = point;
    }
    gestureRef.current = { kind: 'stroke', last };
  };

  const handlePointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointersRef.current.delete(event.pointerId);
    const gesture = gestureRef.current;
    const layers = layersRef.current;
    if (gesture?.kind === 'pinch') {
      if (pointersRef.current.size === 0) gestureRef.current = null;
      return;
    }
    gestureRef.current = null;
    if (!layers || !gesture) return;
    if (gesture.kind === 'stroke') {
      layers.endOperation();
      changed(null);
    } else if (gesture.kind === 'shape') {
      setShapePreview(null);
      const display = { width: displayWidth, height: displayHeight };
      const working = { width: layers.width, height: layers.height };
      const { target, regionShape } = settingsRef.current;
      changed(
        layers.fillShape(
          target,
          mapPoint(gesture.start, display, working),
          mapPoint(gesture.current, display, working),
          regionShape,
          1,
        ),
      );
    }
  };

  const handleWheel = (event: ReactWheelEvent<HTMLDivElement>) => {
    const stage = stageRef.current;
    const container = event.currentTarget.getBoundingClientRect();
    if (!stage) return;
    const anchor = {
      x: event.clientX - container.left - stage.offsetLeft,
      y: event.clientY - container.top - stage.offsetTop,
    };
    setViewport((view) => zoomAround(view, wheelZoomFactor(event.deltaY), anchor));
  };

  // React attaches wheel listeners as passive, so the page would scroll: stop it natively.
  const viewportRef = useCallback((element: HTMLDivElement | null) => {
    element?.addEventListener('wheel', (event) => event.preventDefault(), { passive: false });
  }, []);

  const statusText =
    loadState === 'loading'
      ? t('status.loading')
      : loadState === 'failed'
        ? t('status.loadFailed')
        : settings.tool === 'smartSelect' && smartState === 'preparing'
          ? t('status.preparing')
          : settings.tool === 'smartSelect' && smartState === 'selecting'
            ? t('status.selecting')
            : settings.tool === 'smartSelect' && smartState === 'unavailable'
              ? t('status.unavailable')
              : '';
  const layers = layersRef.current;
  const cursorSize = settings.brushSize;
  const showsBrushCursor = (settings.tool === 'brush' || settings.tool === 'eraser') && cursor !== null;

  return (
    <>
      {/* The photo stays mounted while closed so that its natural size, and the mask, persist. */}
      {!open ? (
        <img ref={photoRef} src={imageUrl} alt="" hidden crossOrigin="anonymous" onLoad={handlePhotoLoad} />
      ) : null}
      <Dialog.Root open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
        <Dialog.Portal>
          <Dialog.Content className="mask-editor" aria-describedby={undefined}>
            <header className="mask-editor__header">
              <Dialog.Title className="mask-editor__title">{t('title')}</Dialog.Title>
              <Button variant="secondary" onClick={onClose}>
                {t('close')}
              </Button>
            </header>
            <MaskEditorToolbar
              settings={settings}
              onChange={(change) => setSettings((current) => ({ ...current, ...change }))}
              canUndo={layers?.canUndo ?? false}
              canRedo={layers?.canRedo ?? false}
              onUndo={undo}
              onRedo={redo}
              onReset={reset}
              zoomPercent={Math.round(viewport.zoom * 100)}
              onZoomIn={() => zoomBy(zoomStep)}
              onZoomOut={() => zoomBy(1 / zoomStep)}
              onFit={() => setViewport(fittedViewport)}
            />
            <p className="mask-editor__hint">
              {t(`hints.${settings.tool}`)} {t('hints.navigation')}
            </p>
            <p className="mask-editor__status" role="status">
              {statusText}
            </p>
            <div
              ref={viewportRef}
              className="mask-editor__viewport"
              data-panning={isSpaceHeld || undefined}
              onWheel={handleWheel}
            >
              <div
                ref={stageRef}
                className="mask-editor__stage"
                role="img"
                aria-label={t('canvasLabel')}
                style={{
                  width: displayWidth,
                  height: displayHeight,
                  transform: `translate(${viewport.offsetX}px, ${viewport.offsetY}px) scale(${viewport.zoom})`,
                }}
                onPointerDown={handlePointerDown}
                onPointerMove={handlePointerMove}
                onPointerUp={handlePointerEnd}
                onPointerCancel={handlePointerEnd}
                onPointerLeave={() => setCursor(null)}
              >
                <img
                  ref={photoRef}
                  className="mask-editor__photo"
                  src={imageUrl}
                  alt=""
                  crossOrigin="anonymous"
                  draggable={false}
                  onLoad={handlePhotoLoad}
                  onError={() => setLoadState('failed')}
                />
                <canvas ref={attachCanvas} className="mask-editor__overlay" />
                {shapePreview ? (
                  <div
                    className="mask-editor__shape-preview"
                    data-shape={settings.regionShape}
                    style={{
                      left: Math.min(shapePreview.start.x, shapePreview.current.x),
                      top: Math.min(shapePreview.start.y, shapePreview.current.y),
                      width: Math.abs(shapePreview.current.x - shapePreview.start.x),
                      height: Math.abs(shapePreview.current.y - shapePreview.start.y),
                    }}
                  />
                ) : null}
                {showsBrushCursor ? (
                  <div
                    className="mask-editor__cursor"
                    data-shape={settings.brushShape}
                    style={{
                      left: cursor.x - cursorSize / 2,
                      top: cursor.y - cursorSize / 2,
                      width: cursorSize,
                      height: cursorSize,
                    }}
                  />
                ) : null}
              </div>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
