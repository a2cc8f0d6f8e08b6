import {
  countPainted,
  defaultFrameWidth,
  type Point,
  type RegionElement,
  smartSelectTolerance,
} from '@facelift/shared';
import { Dialog } from 'radix-ui';
import { type Ref, useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { focusOpener } from '../../../lib/focus-opener.ts';
import { useFittedDisplay } from '../hooks/use-fitted-display.ts';
import { useKeyboardDrawing } from '../hooks/use-keyboard-drawing.ts';
import { type Crosshair, crosshairPoint, useKeyboardSelect } from '../hooks/use-keyboard-select.ts';
import { useMaskDocument } from '../hooks/use-mask-document.ts';
import { useMaskGestures } from '../hooks/use-mask-gestures.ts';
import { useMaskShortcuts } from '../hooks/use-mask-shortcuts.ts';
import { useSmartSelect } from '../hooks/use-smart-select.ts';
import type { MaskLayers, MaskTarget } from '../mask-layers.ts';
import { brushSizeLimits, clampBrushSize } from '../mask-painting.ts';
import type { SmartSelectAnswer, SmartSelectKind, SmartSelectQuery } from '../smart-select-session.ts';
import { MaskEditorToolbar, type MaskTool, type ToolSettings } from './mask-editor-toolbar.tsx';
import '../mask-editor.css';

/** What a parent can ask of the editor through its `ref`. */
export interface MaskEditorHandle {
  /** The inpainting mask as a PNG data URL at the photo's natural size (mask contract), or null if nothing is painted. */
  getMask(): string | null;
  /** Clears everything painted (mask and regions); undoable while the editor is mounted. */
  resetMask(): void;
  /** One mask (same contract) per element that has a marked region. */
  getRegions(): Partial<Record<RegionElement, string>>;
  /** False until the photo and its saved masks have loaded: before that nothing can have changed. */
  isLoaded(): boolean;
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
  /** The tool chosen when the editor opens (the brush unless told). */
  initialTool?: MaskTool;
  /** A line leading the user ("Click on the walls."), shown above the photo. */
  guide?: string;
  /** Told after every change which layers hold paint. */
  onChange?(painted: MaskTarget[]): void;
  ref?: Ref<MaskEditorHandle>;
}

const zoomStep = 1.25;

/** What the focused photo is called, and the line that explains its keys, per tool. */
const keyboardLabelKeys = {
  smartSelect: 'keyboard.label',
  brush: 'keyboard.labelBrush',
  eraser: 'keyboard.labelEraser',
  region: 'keyboard.labelRegion',
} as const;
const keyboardHintKeys = {
  smartSelect: 'hints.keyboard',
  brush: 'hints.keyboardBrush',
  eraser: 'hints.keyboardEraser',
  region: 'hints.keyboardRegion',
} as const;

/** The box between a keyboard corner and the crosshair, in display pixels. */
function cornerBox(corner: Crosshair, crosshair: Crosshair, width: number, height: number) {
  return {
    left: Math.min(corner.x, crosshair.x) * width,
    top: Math.min(corner.y, crosshair.y) * height,
    width: Math.abs(crosshair.x - corner.x) * width,
    height: Math.abs(crosshair.y - corner.y) * height,
  };
}

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
 * Which smart select answers a click on each layer (docs/decisions/050-facade-smart-select.md):
 * walls and roof are surfaces minus their openings, frames come from openings, the edit area
 * is a colour flood with a tolerance.
 */
export function smartSelectKind(target: MaskTarget): SmartSelectKind {
  if (target === 'walls' || target === 'roof') return 'surface';
  if (target === 'windowFrames' || target === 'doorFrames') return 'frame';
  return 'colour';
}

/**
 * The full-screen mask editor (docs/product.md, Marking and selection): paint the area to edit,
 * or mark each element's region, with brush, shapes, eraser and smart select; undo, redo, zoom
 * and pan. This component composes; the layers, gestures, smart select and keyboard live in hooks.
 */
export function MaskEditor({
  imageUrl,
  displayWidth: wantedWidth,
  displayHeight: wantedHeight,
  onClose,
  open = true,
  initialTarget = 'mask',
  initialTool,
  guide,
  initialMasks,
  onChange,
  ref,
}: MaskEditorProps) {
  const { t } = useTranslation('maskEditor');
  const guideId = useId();
  const keysHintId = useId();
  const opener = useRef<HTMLElement | null>(null);
  const [settings, setSettings] = useState<ToolSettings>({
    tool: initialTool ?? 'brush',
    target: initialTarget,
    brushShape: 'round',
    regionShape: 'rectangle',
    brushSize: brushSizeLimits.default,
    tolerances: initialTolerances(),
    frameWidth: Math.round(defaultFrameWidth * 100),
  });
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  // Folded at every width until asked for; it stays as the user leaves it while the studio is open
  // (docs/decisions/284-gestures-and-keys-folded.md).
  const [isKeysHelpOpen, setIsKeysHelpOpen] = useState(false);
  const fitted = useFittedDisplay({ width: wantedWidth, height: wantedHeight });
  const { width: displayWidth, height: displayHeight } = fitted;

  const maskDocument = useMaskDocument({ imageUrl, activeTarget: settings.target, initialMasks, onChange });
  const { layersRef, photoRef, commit, undo, redo, reset } = maskDocument;
  const smartSelect = useSmartSelect({
    imageUrl,
    photoRef,
    naturalSize: maskDocument.naturalSize,
    isWanted: settings.tool === 'smartSelect',
  });

  const changeBrushSize = useCallback(
    (step: number) =>
      setSettings((current) => ({ ...current, brushSize: clampBrushSize(current.brushSize + step) })),
    [],
  );
  const isSpaceHeld = useMaskShortcuts({
    isEnabled: open,
    onUndo: undo,
    onRedo: redo,
    onBrushSizeStep: changeBrushSize,
  });

  const queryFor = (mode: 'add' | 'subtract', layers?: MaskLayers): SmartSelectQuery => {
    const { target, tolerances, frameWidth } = settingsRef.current;
    const kind = smartSelectKind(target);
    return {
      kind,
      mode,
      tolerance: tolerances[target],
      frameWidth: frameWidth / 100,
      // What the layer's earlier surface clicks cut (docs/decisions/590-earlier-cuts-a-later-click-misses.md).
      ...(layers && kind === 'surface' && mode === 'add' ? { surfaceCuts: layers.surfaceCuts(target) } : {}),
    };
  };
  const applyAnswer = (
    answer: SmartSelectAnswer | null,
    layers: MaskLayers,
    target: MaskTarget,
    point?: Point,
  ) => {
    // What a shift-click on a surface took away stays out of its later clicks
    // (docs/decisions/331-shift-click-removals-stay-out.md).
    const surfaceClick = point && smartSelectKind(target) === 'surface' ? point : undefined;
    // Never in the middle of a stroke: committing would end it part-way (decision 315).
    if (answer && layersRef.current === layers && !layers.isOperationOpen)
      commit(layers.replaceSelection(target, answer.remove, answer.add, surfaceClick, answer.surfaceCuts));
  };
  const applySmartSelect = (point: Point, mode: 'add' | 'subtract') => {
    const layers = layersRef.current;
    if (!layers) return;
    const { target } = settingsRef.current;
    void smartSelect
      .selectAt(point, layers, queryFor(mode, layers))
      .then((answer) => applyAnswer(answer, layers, target, point));
  };
  // What keyboard smart select did, for the polite status line (docs/decisions/050).
  const [announcement, setAnnouncement] = useState('');
  const selectAtCrosshair = (at: Crosshair, mode: 'add' | 'subtract') => {
    const layers = layersRef.current;
    if (!layers) return;
    if (smartSelect.status !== 'ready' && smartSelect.status !== 'selecting') {
      setAnnouncement(t('keyboard.notReady'));
      return;
    }
    const { target } = settingsRef.current;
    const point = crosshairPoint(at, layers);
    void smartSelect.selectAt(point, layers, queryFor(mode, layers)).then((answer) => {
      applyAnswer(answer, layers, target, point);
      if (!answer || layersRef.current !== layers) return;
      const percent = Math.round((countPainted(layers.layer(target)) / (layers.width * layers.height)) * 100);
      setAnnouncement(t('keyboard.marked', { layer: t(`layers.${target}`), percent }));
    });
  };
  // The brush, the eraser and region select by keyboard (docs/decisions/092-keyboard-marking.md).
  const keyboardDrawing = useKeyboardDrawing({
    layersRef,
    settingsRef,
    displayWidth,
    redraw: maskDocument.redraw,
    commit,
  });
  const percentOf = (at: Crosshair) => ({ x: Math.round(at.x * 100), y: Math.round(at.y * 100) });
  const pressAtCrosshair = (at: Crosshair) => {
    const done = keyboardDrawing.press(at);
    if (done === 'strokeStarted')
      setAnnouncement(
        t(settingsRef.current.tool === 'eraser' ? 'keyboard.eraseStarted' : 'keyboard.strokeStarted'),
      );
    else if (done === 'cornerSet') setAnnouncement(t('keyboard.cornerSet', percentOf(at)));
    else if (done) setAnnouncement(t(`keyboard.${done}`));
  };
  const keyboardSelect = useKeyboardSelect({
    onSelect: (at, mode) =>
      settingsRef.current.tool === 'smartSelect' ? selectAtCrosshair(at, mode) : pressAtCrosshair(at),
    onMove: (at) => {
      // A zoomed view follows the crosshair, so it never aims off screen (decision 092).
      gestures.reveal({ x: at.x * displayWidth, y: at.y * displayHeight });
      keyboardDrawing.move(at);
      setAnnouncement(t('keyboard.crosshair', percentOf(at)));
    },
  });
  /** Ends what the keyboard was drawing; true if there was something (Escape then stays in the editor). */
  const finishKeyboardDrawing = () => {
    const drawing = keyboardDrawing.drawing;
    if (!keyboardDrawing.finish()) return false;
    setAnnouncement(t(drawing?.kind === 'corner' ? 'keyboard.cornerDropped' : 'keyboard.strokeEnded'));
    return true;
  };
  const selectAllSimilar = () => {
    const layers = layersRef.current;
    if (!layers) return;
    const { target } = settingsRef.current;
    void smartSelect.selectAllSimilar(queryFor('add')).then((answer) => applyAnswer(answer, layers, target));
  };

  const gestures = useMaskGestures({
    layersRef,
    settingsRef,
    displaySize: { width: displayWidth, height: displayHeight },
    isSpaceHeld,
    redraw: maskDocument.redraw,
    commit,
    onSmartSelect: applySmartSelect,
  });
  const { viewport, shapePreview, cursor } = gestures;
  const { observe: observeViewport } = fitted;
  const { viewportRef: gestureViewportRef } = gestures;
  const viewportRef = useCallback(
    (element: HTMLDivElement | null) => {
      observeViewport(element);
      gestureViewportRef(element);
    },
    [observeViewport, gestureViewportRef],
  );

  // Each opening starts on the layer the opener asked for.
  useEffect(() => {
    if (open)
      setSettings((current) => ({ ...current, target: initialTarget, tool: initialTool ?? current.tool }));
  }, [open, initialTarget, initialTool]);

  useImperativeHandle(
    ref,
    () => ({
      getMask: maskDocument.exportMask,
      resetMask: reset,
      getRegions: maskDocument.exportRegions,
      isLoaded: () => layersRef.current !== null,
    }),
    [maskDocument.exportMask, maskDocument.exportRegions, reset, layersRef],
  );

  const { loadState, handlePhotoLoad, attachCanvas } = maskDocument;
  const smartState = smartSelect.status;
  const statusText =
    loadState === 'loading'
      ? t('status.loading')
      : loadState === 'failed'
        ? t('status.loadFailed')
        : settings.tool === 'smartSelect' && smartState === 'preparing'
          ? t('status.preparingProgress', { percent: Math.round(smartSelect.progress * 100) })
          : settings.tool === 'smartSelect' && smartState === 'selecting'
            ? t('status.selecting')
            : settings.tool === 'smartSelect' && smartState === 'unavailable'
              ? t('status.unavailable')
              : announcement;
  const layers = layersRef.current;
  // The photo takes no input until its layers are there (the photo and its saved regions have
  // loaded) and, with smart select, is busy until the analysis is ready (a click meanwhile is
  // made then, decision 315): the status line says why, and aria-busy tells assistive
  // technology (and the browser tests) the same.
  const isBusy =
    layers === null ||
    (settings.tool === 'smartSelect' && (smartState === 'idle' || smartState === 'preparing'));
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
          {/* A guide ("Click on the walls.") is what a screen reader reads on opening. */}
          <Dialog.Content
            className="mask-editor"
            aria-describedby={guide && settings.target === initialTarget ? guideId : undefined}
            // Without a Dialog.Trigger Radix would drop the focus on the page when the editor
            // closes: it goes back to whatever opened it (a swatch, "Mark areas", Transform).
            onOpenAutoFocus={() => {
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            }}
            // Escape first ends a keyboard stroke or drops a corner, then closes.
            onEscapeKeyDown={(event) => {
              if (finishKeyboardDrawing()) event.preventDefault();
            }}
            onCloseAutoFocus={(event) => {
              if (!opener.current?.isConnected) return;
              event.preventDefault();
              focusOpener(opener.current);
            }}
          >
            <header className="mask-editor__header">
              <Dialog.Title className="mask-editor__title">{t('title')}</Dialog.Title>
              <Button variant="secondary" onClick={onClose}>
                {t('close')}
              </Button>
            </header>
            <MaskEditorToolbar
              settings={settings}
              onChange={(change) => {
                // What was announced was about the layer and tool before the change; a stroke or
                // corner begun by keyboard ends with them.
                keyboardDrawing.finish();
                setAnnouncement('');
                setSettings((current) => ({ ...current, ...change }));
              }}
              canUndo={layers?.canUndo ?? false}
              canRedo={layers?.canRedo ?? false}
              onUndo={undo}
              onRedo={redo}
              canReset={layers !== null}
              onReset={reset}
              zoomPercent={Math.round(viewport.zoom * 100)}
              onZoomIn={() => gestures.zoomBy(zoomStep)}
              onZoomOut={() => gestures.zoomBy(1 / zoomStep)}
              onFit={gestures.fitToView}
              smartSelectKind={smartSelectKind(settings.target)}
              canSelectAllSimilar={smartState === 'ready'}
              onSelectAllSimilar={selectAllSimilar}
            />
            {/*
             * The guide is about the layer it was given for; another layer has its own hint. Its
             * line stays (hidden) meanwhile, so a layer change never moves the photo (decision 216).
             */}
            {guide ? (
              <p
                id={guideId}
                className="mask-editor__guide"
                data-hidden={settings.target === initialTarget ? undefined : ''}
              >
                {guide}
              </p>
            ) : null}
            <p className="mask-editor__hint">
              {t(
                settings.tool === 'smartSelect' && smartSelectKind(settings.target) === 'frame'
                  ? 'hints.smartSelectFrame'
                  : settings.tool === 'smartSelect' && smartSelectKind(settings.target) === 'surface'
                    ? 'hints.smartSelectSurface'
                    : `hints.${settings.tool}`,
              )}
            </p>
            {/* Gestures and keys are folded: the photo needs the height (decisions 092, 284). */}
            <details
              className="mask-editor__more"
              open={isKeysHelpOpen}
              onToggle={(event) => setIsKeysHelpOpen(event.currentTarget.open)}
            >
              <summary>{t('hints.more')}</summary>
              <p className="mask-editor__hint">{t('hints.navigation')}</p>
              <p id={keysHintId} className="mask-editor__hint">
                {t(keyboardHintKeys[settings.tool])}
              </p>
            </details>
            {/*
             * One line kept for the status and the preparation's progress, empty or not, so the
             * photo box (and the photo fitted to it) does not change size when they come and go.
             */}
            <div className="mask-editor__status-row">
              <p className="mask-editor__status" role="status">
                {statusText}
              </p>
              {settings.tool === 'smartSelect' && smartState === 'preparing' ? (
                <progress
                  className="mask-editor__progress"
                  aria-label={t('status.preparing')}
                  max={100}
                  value={Math.round(smartSelect.progress * 100)}
                />
              ) : null}
            </div>
            <div
              ref={viewportRef}
              className="mask-editor__viewport"
              data-panning={isSpaceHeld || undefined}
              onWheel={gestures.handleWheel}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: an application widget: the photo takes the keyboard focus with every tool, arrows aim and Enter acts there (decision 092)
              tabIndex={0}
              role="application"
              aria-label={t(keyboardLabelKeys[settings.tool])}
              aria-describedby={keysHintId}
              aria-busy={isBusy}
              onKeyDown={keyboardSelect.handlers.onKeyDown}
              onFocus={(event) => {
                keyboardSelect.handlers.onFocus(event);
                // Back on a view zoomed elsewhere, the crosshair is brought into it.
                const at = keyboardSelect.crosshair;
                gestures.reveal({ x: at.x * displayWidth, y: at.y * displayHeight });
              }}
              onBlur={() => {
                keyboardSelect.handlers.onBlur();
                finishKeyboardDrawing();
              }}
            >
              <div
                ref={gestures.stageRef}
                className="mask-editor__stage"
                role="img"
                aria-label={t('canvasLabel')}
                style={{
                  width: displayWidth,
                  height: displayHeight,
                  transform: `translate(${viewport.offsetX}px, ${viewport.offsetY}px) scale(${viewport.zoom})`,
                }}
                {...gestures.stageHandlers}
              >
                <img
                  ref={photoRef}
                  className="mask-editor__photo"
                  src={imageUrl}
                  alt=""
                  crossOrigin="anonymous"
                  draggable={false}
                  onLoad={handlePhotoLoad}
                  onError={maskDocument.handlePhotoError}
                />
                <canvas ref={attachCanvas} className="mask-editor__overlay" />
                {keyboardDrawing.drawing?.kind === 'corner' ? (
                  <div
                    className="mask-editor__shape-preview"
                    data-shape={settings.regionShape}
                    style={cornerBox(
                      keyboardDrawing.drawing.at,
                      keyboardSelect.crosshair,
                      displayWidth,
                      displayHeight,
                    )}
                  />
                ) : null}
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
                {keyboardSelect.showsCrosshair ? (
                  <div
                    className="mask-editor__crosshair"
                    aria-hidden="true"
                    style={{
                      left: keyboardSelect.crosshair.x * displayWidth,
                      top: keyboardSelect.crosshair.y * displayHeight,
                      // The same size on screen whatever the zoom.
                      transform: `translate(-50%, -50%) scale(${1 / viewport.zoom})`,
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
