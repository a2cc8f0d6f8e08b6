import { smartSelectTolerance } from '@facelift/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { type MaskTarget, maskTargets } from '../mask-layers.ts';
import { overlayCss } from '../mask-overlay.ts';
import { type BrushShape, brushSizeLimits, type RegionShape } from '../mask-painting.ts';
import type { SmartSelectKind } from '../smart-select-session.ts';

/** Frame width, % of an opening's shorter side: from a thin metal frame to a broad wooden one. */
export const frameWidthLimits = { minimum: 2, maximum: 25 } as const;

/** The phone's toolbar (mask-editor.css, `@media (max-width: 560px)`): the same width. */
export const phoneToolbarQuery = '(max-width: 560px)';

export type MaskTool = 'brush' | 'region' | 'smartSelect' | 'eraser';
export const maskTools: readonly MaskTool[] = ['brush', 'region', 'smartSelect', 'eraser'];

export interface ToolSettings {
  tool: MaskTool;
  target: MaskTarget;
  brushShape: BrushShape;
  regionShape: RegionShape;
  brushSize: number;
  /** Smart-select tolerance per layer (the edit area's colour flood uses it). */
  tolerances: Record<MaskTarget, number>;
  /** Width of a frame made from an opening, in % of the opening's shorter side. */
  frameWidth: number;
}

export interface MaskEditorToolbarProps {
  settings: ToolSettings;
  onChange(settings: Partial<ToolSettings>): void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
  /** False while the photo and its saved masks load: there is nothing to reset yet. */
  canReset: boolean;
  onReset(): void;
  zoomPercent: number;
  onZoomIn(): void;
  onZoomOut(): void;
  onFit(): void;
  /** Which smart select the current layer uses: its controls follow. */
  smartSelectKind: SmartSelectKind;
  canSelectAllSimilar: boolean;
  onSelectAllSimilar(): void;
}

/** Every control of the editor: real buttons and sliders, named by their visible text. */
export function MaskEditorToolbar({
  settings,
  onChange,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  canReset,
  onReset,
  zoomPercent,
  onZoomIn,
  onZoomOut,
  onFit,
  smartSelectKind,
  canSelectAllSimilar,
  onSelectAllSimilar,
}: MaskEditorToolbarProps) {
  const { t } = useTranslation('maskEditor');
  const brushSizeId = useId();
  const toleranceId = useId();
  const frameWidthId = useId();
  const layerSelectId = useId();
  const usesBrush = settings.tool === 'brush' || settings.tool === 'eraser';
  // The layers and the zoom sit in another place on a phone: each is rendered once, where it is
  // seen, so a screen reader and Tab meet one of each
  // (docs/decisions/283-mask-editor-controls-rendered-once.md).
  const isPhone = useMediaQuery(phoneToolbarQuery);
  // Also the live region a screen reader hears as the zoom changes.
  const zoomLevel = (
    <span className="mask-editor__zoom" aria-live="polite">
      {t('zoomLevel', { percent: zoomPercent })}
    </span>
  );

  return (
    <div className="mask-editor__toolbar">
      {/*
       * Rows: what is painted (and, on a phone, the zoom), the tools, Undo and the zoom, then the
       * tool's options. On a phone the layers are one select, the tools one row and the options
       * one row only when the tool has some, so every control is in view without a sideways
       * scroll and the photo keeps most of the screen
       * (docs/decisions/216-phone-mask-toolbar-wraps.md, docs/decisions/224-compact-phone-mask-toolbar.md,
       * docs/decisions/255-phone-mask-options-one-row.md); elsewhere the rows lend their groups
       * to the toolbar, which wraps them (docs/decisions/094-phone-mask-toolbar.md). The order
       * on screen is the order in the page, so Tab follows what the eye reads.
       */}
      <div className="mask-editor__row">
        {isPhone ? (
          <>
            {/* A phone's layer choice: one select, named by the same visible label as the buttons. */}
            <div className="mask-editor__layer-select">
              {/* Read, not shown: beside the zoom "Marcos de ventana" was cut (decision 224). */}
              <label htmlFor={layerSelectId} className="visually-hidden">
                {t('layers.label')}
              </label>
              <span
                className="mask-editor__swatch"
                style={{ background: overlayCss(settings.target) }}
                aria-hidden="true"
              />
              <select
                id={layerSelectId}
                className="ui-select"
                value={settings.target}
                onChange={(event) => onChange({ target: event.currentTarget.value as MaskTarget })}
              >
                {maskTargets.map((target) => (
                  <option key={target} value={target}>
                    {t(`layers.${target}`)}
                  </option>
                ))}
              </select>
            </div>
            {/*
             * A phone's zoom: "−", the level and "+" beside the layer, named "Zoom out" / "Zoom in"
             * as the wider screens' buttons are (docs/decisions/224-compact-phone-mask-toolbar.md,
             * docs/decisions/255-phone-mask-options-one-row.md).
             */}
            <div className="mask-editor__group mask-editor__group--plain mask-editor__zoom-steps">
              <Button size="small" onClick={onZoomOut} aria-label={t('zoomOut')} title={t('zoomOut')}>
                <span aria-hidden="true">−</span>
              </Button>
              {zoomLevel}
              <Button size="small" onClick={onZoomIn} aria-label={t('zoomIn')} title={t('zoomIn')}>
                <span aria-hidden="true">+</span>
              </Button>
            </div>
          </>
        ) : (
          <fieldset className="mask-editor__group mask-editor__layers">
            <legend>{t('layers.label')}</legend>
            {maskTargets.map((target) => (
              <Button
                key={target}
                size="small"
                variant={settings.target === target ? 'primary' : 'secondary'}
                aria-pressed={settings.target === target}
                onClick={() => onChange({ target })}
              >
                <span
                  className="mask-editor__swatch"
                  style={{ background: overlayCss(target) }}
                  aria-hidden="true"
                />
                {t(`layers.${target}`)}
              </Button>
            ))}
          </fieldset>
        )}
      </div>

      <div className="mask-editor__row">
        <fieldset className="mask-editor__group mask-editor__tools">
          <legend>{t('tools.label')}</legend>
          {maskTools.map((tool) => (
            <Button
              key={tool}
              size="small"
              variant={settings.tool === tool ? 'primary' : 'secondary'}
              aria-pressed={settings.tool === tool}
              onClick={() => onChange({ tool })}
            >
              {t(`tools.${tool}`)}
            </Button>
          ))}
        </fieldset>
      </div>

      <div className="mask-editor__row">
        <div className="mask-editor__group mask-editor__group--plain">
          <Button size="small" onClick={onUndo} disabled={!canUndo}>
            {t('undo')}
          </Button>
          <Button size="small" onClick={onRedo} disabled={!canRedo}>
            {t('redo')}
          </Button>
          <Button size="small" variant="danger" onClick={onReset} disabled={!canReset}>
            {t('reset')}
          </Button>
        </div>

        <div className="mask-editor__group mask-editor__group--plain mask-editor__zoom-group">
          {isPhone ? null : (
            <>
              <Button size="small" onClick={onZoomOut}>
                {t('zoomOut')}
              </Button>
              {zoomLevel}
              <Button size="small" onClick={onZoomIn}>
                {t('zoomIn')}
              </Button>
            </>
          )}
          <Button size="small" onClick={onFit}>
            {t('fit')}
          </Button>
        </div>
      </div>

      {/*
       * The tool's and the layer's options come last, where they are seen: after Undo and the
       * zoom, which stay in place whatever the tool (decision 193); on a phone one row, only
       * when there are some (decisions 224, 255).
       */}
      <div className="mask-editor__options">
        {usesBrush ? (
          <fieldset className="mask-editor__group mask-editor__shapes">
            <legend>{t('brushShape.label')}</legend>
            {(['round', 'square'] as const).map((shape) => (
              <Button
                key={shape}
                size="small"
                variant={settings.brushShape === shape ? 'primary' : 'secondary'}
                aria-pressed={settings.brushShape === shape}
                onClick={() => onChange({ brushShape: shape })}
              >
                {t(`brushShape.${shape}`)}
              </Button>
            ))}
          </fieldset>
        ) : null}

        {settings.tool === 'region' ? (
          <fieldset className="mask-editor__group">
            <legend>{t('regionShape.label')}</legend>
            {(['rectangle', 'ellipse'] as const).map((shape) => (
              <Button
                key={shape}
                size="small"
                variant={settings.regionShape === shape ? 'primary' : 'secondary'}
                aria-pressed={settings.regionShape === shape}
                onClick={() => onChange({ regionShape: shape })}
              >
                {t(`regionShape.${shape}`)}
              </Button>
            ))}
          </fieldset>
        ) : null}

        {/* Only the brush and the eraser have a size ([ and ] still change it with any tool). */}
        {usesBrush ? (
          <div className="mask-editor__slider">
            <label htmlFor={brushSizeId}>{t('brushSize')}</label>
            <input
              id={brushSizeId}
              type="range"
              min={brushSizeLimits.minimum}
              max={brushSizeLimits.maximum}
              step={1}
              value={settings.brushSize}
              onChange={(event) => onChange({ brushSize: Number(event.currentTarget.value) })}
            />
            <output htmlFor={brushSizeId}>{settings.brushSize}</output>
          </div>
        ) : null}

        {settings.tool === 'smartSelect' && smartSelectKind === 'frame' ? (
          <>
            <div className="mask-editor__slider">
              <label htmlFor={frameWidthId}>{t('frameWidth')}</label>
              <input
                id={frameWidthId}
                type="range"
                min={frameWidthLimits.minimum}
                max={frameWidthLimits.maximum}
                step={1}
                value={settings.frameWidth}
                onChange={(event) => onChange({ frameWidth: Number(event.currentTarget.value) })}
              />
              <output htmlFor={frameWidthId}>{t('frameWidthValue', { percent: settings.frameWidth })}</output>
            </div>
            <Button
              size="small"
              className="mask-editor__all-similar"
              onClick={onSelectAllSimilar}
              disabled={!canSelectAllSimilar}
            >
              {t('selectAllSimilar')}
            </Button>
          </>
        ) : null}

        {settings.tool === 'smartSelect' && smartSelectKind === 'colour' ? (
          <div className="mask-editor__slider">
            <label htmlFor={toleranceId}>{t('tolerance')}</label>
            <input
              id={toleranceId}
              type="range"
              min={smartSelectTolerance.minimum}
              max={smartSelectTolerance.maximum}
              step={1}
              value={settings.tolerances[settings.target]}
              onChange={(event) =>
                onChange({
                  tolerances: {
                    ...settings.tolerances,
                    [settings.target]: Number(event.currentTarget.value),
                  },
                })
              }
            />
            <output htmlFor={toleranceId}>{settings.tolerances[settings.target]}</output>
          </div>
        ) : null}
      </div>
    </div>
  );
}
