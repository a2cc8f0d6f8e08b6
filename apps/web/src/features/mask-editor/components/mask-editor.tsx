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
  displayWidth,
  displayHeight,
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

  const queryFor = (mode: 'add' | 'subtract'): SmartSelectQuery => {
    const { target, tolerances, frameWidth } = settingsRef.current;
    return {
      kind: smartSelectKind(target),
      mode,
      tolerance: tolerances[target],
      frameWidth: frameWidth / 100,
    };
  };
  const applyAnswer = (answer: SmartSelectAnswer | null, layers: MaskLayers, target: MaskTarget) => {
    if (answer && layersRef.current === layers)
      commit(layers.replaceSelection(target, answer.remove, answer.add));
  };
  const applySmartSelect = (point: Point, mode: 'add' | 'subtract') => {
    const layers = layersRef.current;
    if (!layers) return;
    const { target } = settingsRef.current;
    void smartSelect
      .selectAt(point, layers, queryFor(mode))
      .then((answer) => applyAnswer(answer, layers, target));
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
    void smartSelect.selectAt(crosshairPoint(at, layers), layers, queryFor(mode)).then((answer) => {
      applyAnswer(answer, layers, target);
      if (!answer || layersRef.current !== layers) return;
      const percent = Math.round((countPainted(layers.layer(target)) / (layers.width * layers.height)) * 100);
      setAnnouncement(t('keyboard.marked', { layer: t(`layers.${target}`), percent }));
    });
  };
  const keyboardSelect = useKeyboardSelect({
    isSmartSelect: settings.tool === 'smartSelect',
    onSelect: selectAtCrosshair,
    onMove: (at) =>
      setAnnouncement(t('keyboard.crosshair', { x: Math.round(at.x * 100), y: Math.round(at.y * 100) })),
  });
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
    }),
    [maskDocument.exportMask, maskDocument.exportRegions, reset],
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
              : settings.tool === 'smartSelect'
                ? announcement
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
          {/* A guide ("Click on the walls.") is what a screen reader reads on opening. */}
          <Dialog.Content
            className="mask-editor"
            aria-describedby={guide && settings.target === initialTarget ? guideId : undefined}
            // Without a Dialog.Trigger Radix would drop the focus on the page when the editor
            // closes: it goes back to whatever opened it (a swatch, "Mark areas", Transform).
            onOpenAutoFocus={() => {
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            }}
            onCloseAutoFocus={(event) => {
              if (!opener.current?.isConnected) return;
              event.preventDefault();
              opener.current.focus();
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
                // What was announced was about the layer and tool before the change.
                setAnnouncement('');
                setSettings((current) => ({ ...current, ...change }));
              }}
              canUndo={layers?.canUndo ?? false}
              canRedo={layers?.canRedo ?? false}
              onUndo={undo}
              onRedo={redo}
              onReset={reset}
              zoomPercent={Math.round(viewport.zoom * 100)}
              onZoomIn={() => gestures.zoomBy(zoomStep)}
              onZoomOut={() => gestures.zoomBy(1 / zoomStep)}
              onFit={gestures.fitToView}
              smartSelectKind={smartSelectKind(settings.target)}
              canSelectAllSimilar={smartState === 'ready'}
              onSelectAllSimilar={selectAllSimilar}
            />
            {/* The guide is about the layer it was given for; another layer has its own hint. */}
            {guide && settings.target === initialTarget ? (
              <p id={guideId} className="mask-editor__guide">
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
              )}{' '}
              {t('hints.navigation')}
            </p>
            {settings.tool === 'smartSelect' ? (
              <p id={keysHintId} className="mask-editor__hint">
                {t('hints.keyboard')}
              </p>
            ) : null}
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
            <div
              ref={gestures.viewportRef}
              className="mask-editor__viewport"
              data-panning={isSpaceHeld || undefined}
              onWheel={gestures.handleWheel}
              // With smart select the photo takes the keyboard focus: arrows aim, Enter selects.
              {...(settings.tool === 'smartSelect'
                ? {
                    tabIndex: 0,
                    role: 'application',
                    'aria-label': t('keyboard.label'),
                    'aria-describedby': keysHintId,
                    ...keyboardSelect.handlers,
                  }
                : {})}
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
                {settings.tool === 'smartSelect' && keyboardSelect.showsCrosshair ? (
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
