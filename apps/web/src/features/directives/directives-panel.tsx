import {
  type ApplyTarget,
  applyTargets,
  type DoorGlassStyle,
  doorGlassStyles,
  type ElementType,
  elementTypes,
  type OptionsDirectives,
  parseHexColour,
  resolveItemColour,
  type Scope,
  type SelectedItem,
  scopes,
  swatches,
} from '@facelift/shared';
import { type KeyboardEvent, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import {
  createInitialPanelState,
  type DirectivesPanelValue,
  directivesPanelReducer,
  editedOpening,
  isDoorOptionDisabled,
  isWindowOptionDisabled,
  panelValue,
  swatchTarget,
} from './directives-panel-state.ts';
import './directives-panel.css';
import { usePromptInLanguage } from './prompt-in-language.ts';
import { useRecentColours } from './recent-colours.ts';

export interface DirectivesPanelProps {
  /** Shows only the free-text prompt (the inpainting and chat offers); off returns to options. */
  forceInpaintingMode?: boolean;
  /** Any change of this value clears every choice, as after "create new project". */
  resetSignal?: number;
  /** Called with the directives and composed prompt after every change, and once at start. */
  onChange?: (value: DirectivesPanelValue) => void;
  /** The project whose recent custom colours are offered (kept per project in this browser). */
  projectId?: string | null;
  /** Takes a colour from the photo (the eyedropper); resolves with "#rrggbb" or null when cancelled. */
  onPickFromPhoto?: () => Promise<string | null>;
  /** Choices to bring back (a kept look); a new signal restores them again. */
  restore?: { directives: OptionsDirectives; signal: number } | null;
  /** A swatch under the mouse (for an instant preview on its element), or null when it leaves. */
  onSwatchHover?: (hovered: { element: string; titleKey: string } | null) => void;
  /**
   * The user gave an element a colour (a swatch, a typed or picked colour, a recent one; the
   * native picker once it closes): guided marking starts here (docs/product.md, Marking and selection).
   */
  onColourChosen?: (element: ElementType) => void;
}

/**
 * The directives panel (docs/product.md, Offers; Studio and preview): in options mode, element buttons, colour swatches, scope,
 * door glass, targets and per-element instructions with the prompt they compose; in
 * inpainting mode, one free-text prompt for the painted area.
 */
export function DirectivesPanel({
  forceInpaintingMode = false,
  resetSignal,
  onChange,
  onSwatchHover,
  onColourChosen,
  restore,
  projectId,
  onPickFromPhoto,
}: DirectivesPanelProps) {
  const { t } = useTranslation('directives');
  const shownPrompt = usePromptInLanguage();
  const [state, dispatch] = useReducer(directivesPanelReducer, undefined, createInitialPanelState);
  const mode = forceInpaintingMode ? 'inpainting' : 'options';
  const value = useMemo(() => panelValue(state, mode), [state, mode]);
  const ids = useId();
  const swatchButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusableSwatch, setFocusableSwatch] = useState(0);
  const [hexText, setHexText] = useState('');
  const [hexError, setHexError] = useState(false);
  const recent = useRecentColours(projectId);
  const [isPicking, setIsPicking] = useState(false);

  const lastResetSignal = useRef(resetSignal);
  useEffect(() => {
    if (lastResetSignal.current === resetSignal) return;
    lastResetSignal.current = resetSignal;
    dispatch({ type: 'reset' });
  }, [resetSignal]);

  const lastRestoreSignal = useRef(restore?.signal);
  useEffect(() => {
    if (!restore || lastRestoreSignal.current === restore.signal) return;
    lastRestoreSignal.current = restore.signal;
    dispatch({ type: 'restore', directives: restore.directives });
  }, [restore]);

  // The parent's callback may change identity every render; only a new value is news.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    onChangeRef.current?.(value);
  }, [value]);

  if (mode === 'inpainting') {
    return (
      <section className="directives-panel" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`} className="directives-panel__title">
          {t('title')}
        </h2>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${ids}-free-text`}>
            {t('inpainting.label')}
          </label>
          <textarea
            id={`${ids}-free-text`}
            className="ui-textarea directives-panel__free-text"
            rows={5}
            maxLength={2000}
            placeholder={t('inpainting.placeholder')}
            value={state.freeText}
            onChange={(event) => dispatch({ type: 'setFreeText', text: event.target.value })}
          />
        </div>
      </section>
    );
  }

  const windowsDisabled = isWindowOptionDisabled(state);
  const doorsDisabled = isDoorOptionDisabled(state);
  const target = swatchTarget(state);
  const targetColour = state.selectedItems.find((item) => item.type === target)?.value;
  const chooseColour = (titleKey: SelectedItem['value']) => {
    dispatch({ type: 'applySwatch', titleKey });
    if (target) onColourChosen?.(target);
  };
  const pickerValue = parseHexColour(hexText) ?? resolveItemColour(targetColour ?? '')?.custom ?? '#9cab86';
  const opening = editedOpening(state);
  const active = state.activeElement;
  // The palette is one tab stop; arrow keys, Home and End move within it (a roving tab index).
  const moveSwatchFocus = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const buttons = swatchButtons.current;
    const count = buttons.length;
    const rowTop = buttons[0]?.offsetTop ?? 0;
    const perRow = buttons.filter((button) => button?.offsetTop === rowTop).length;
    // Without layout (every button on one "row") up and down step like left and right.
    const rowStep = perRow > 0 && perRow < count ? perRow : 1;
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      ArrowDown: index + rowStep,
      ArrowUp: index - rowStep,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = Math.min(count - 1, Math.max(0, target));
    setFocusableSwatch(next);
    buttons[next]?.focus();
  };
  const isDisabled = (element: ElementType) =>
    (element === 'windowFrames' && windowsDisabled) || (element === 'doorFrames' && doorsDisabled);

  return (
    <section className="directives-panel" aria-labelledby={`${ids}-title`}>
      <div className="directives-panel__header">
        <h2 id={`${ids}-title`} className="directives-panel__title">
          {t('title')}
        </h2>
        <Button variant="ghost" size="small" onClick={() => dispatch({ type: 'reset' })}>
          {t('reset')}
        </Button>
      </div>

      <fieldset className="directives-panel__group">
        <legend className="ui-field__label">{t('elements.label')}</legend>
        <div className="directives-panel__elements">
          {elementTypes.map((element) => {
            const chosen = state.selectedItems.find((item) => item.type === element);
            return (
              <Button
                key={element}
                variant={active === element ? 'primary' : 'secondary'}
                aria-pressed={active === element}
                disabled={isDisabled(element)}
                onClick={() => dispatch({ type: 'chooseElement', element })}
              >
                {chosen ? (
                  <span
                    className="directives-panel__chip"
                    aria-hidden="true"
                    style={{ background: resolveItemColour(chosen.value)?.color }}
                  />
                ) : null}
                {t(`elements.${element}`)}
              </Button>
            );
          })}
        </div>
        {opening ? (
          <p className="ui-field__hint">
            {opening === 'doors' ? t('exclusive.windows') : t('exclusive.doors')}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="directives-panel__group">
        <legend className="ui-field__label">{t('palette.label')}</legend>
        <div className="directives-panel__swatches">
          {swatches.map((swatch, index) => (
            <button
              key={swatch.key}
              ref={(button) => {
                swatchButtons.current[index] = button;
              }}
              type="button"
              tabIndex={index === focusableSwatch ? 0 : -1}
              onFocus={() => setFocusableSwatch(index)}
              onKeyDown={(event) => moveSwatchFocus(event, index)}
              className="directives-panel__swatch"
              style={{ background: swatch.color }}
              aria-pressed={targetColour === swatch.titleKey}
              title={t(swatch.titleKey)}
              aria-label={t(swatch.titleKey)}
              onClick={() => chooseColour(swatch.titleKey)}
              onPointerEnter={(event) => {
                // A mouse only: on touch the tap itself chooses, and a hover would stick.
                if (event.pointerType === 'mouse' && target)
                  onSwatchHover?.({ element: target, titleKey: swatch.titleKey });
              }}
              onPointerLeave={() => onSwatchHover?.(null)}
            />
          ))}
        </div>
        {/*
          What is chosen, under the palette rather than above it: appearing above on the first
          click, it moved the swatches 29 px down under the pointer, which then hovered (and
          previewed on the photo) another colour than the one just chosen.
        */}
        {state.selectedItems.length > 0 ? (
          <ul className="directives-panel__chosen">
            {elementTypes.flatMap((element) => {
              const chosen = state.selectedItems.find((item) => item.type === element);
              if (!chosen) return [];
              const colour = resolveItemColour(chosen.value);
              return [
                <li key={element} className="directives-panel__chosen-item">
                  <span
                    className="directives-panel__chip"
                    aria-hidden="true"
                    style={{ background: colour?.color }}
                  />
                  {t('palette.chosen', {
                    element: t(`palette.chosenElements.${element}`),
                    colour: colour?.custom
                      ? t('custom.named', { hex: colour.custom, nearest: t(colour.swatch.titleKey) })
                      : t(colour?.swatch.titleKey ?? 'palette.label'),
                  })}
                </li>,
              ];
            })}
          </ul>
        ) : null}
        {state.isMissingItem ? (
          <p className="ui-field__error" role="alert">
            {t('selectItem')}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="directives-panel__group">
        <legend className="ui-field__label">{t('custom.legend')}</legend>
        <div className="directives-panel__custom">
          <label className="directives-panel__custom-field">
            <span className="ui-field__label">{t('custom.picker')}</span>
            <input
              type="color"
              className="directives-panel__colour-input"
              value={pickerValue}
              onChange={(event) => {
                setHexText(event.target.value);
                setHexError(false);
                dispatch({ type: 'applySwatch', titleKey: event.target.value as `#${string}` });
              }}
              // Remembered (and guided) once the picker closes: dragging through it would fill the
              // list, and an editor opening mid-drag would take the picker away.
              onBlur={(event) => {
                const hex = parseHexColour(event.target.value);
                if (
                  hex &&
                  target &&
                  state.selectedItems.some((item) => item.type === target && item.value === hex)
                ) {
                  recent.remember(hex);
                  onColourChosen?.(target);
                }
              }}
            />
          </label>
          <form
            className="directives-panel__custom-field"
            onSubmit={(event) => {
              event.preventDefault();
              const hex = parseHexColour(hexText);
              setHexError(hex === null);
              if (hex) {
                setHexText(hex);
                recent.remember(hex);
                chooseColour(hex);
              }
            }}
          >
            <label className="ui-field__label" htmlFor={`${ids}-hex`}>
              {t('custom.hex')}
            </label>
            <div className="directives-panel__hex-row">
              <input
                id={`${ids}-hex`}
                className="ui-input directives-panel__hex"
                value={hexText}
                maxLength={7}
                placeholder="#9cab86"
                aria-invalid={hexError}
                aria-describedby={hexError ? `${ids}-hex-error` : undefined}
                onChange={(event) => setHexText(event.target.value)}
              />
              <Button type="submit" variant="secondary">
                {t('custom.apply')}
              </Button>
            </div>
          </form>
        </div>
        {onPickFromPhoto ? (
          <Button
            variant="secondary"
            className="directives-panel__eyedropper"
            aria-pressed={isPicking}
            onClick={async () => {
              setIsPicking(true);
              const hex = parseHexColour((await onPickFromPhoto()) ?? '');
              setIsPicking(false);
              if (!hex) return;
              setHexText(hex);
              setHexError(false);
              recent.remember(hex);
              chooseColour(hex);
            }}
          >
            {t('custom.eyedropper')}
          </Button>
        ) : null}
        {hexError ? (
          <p id={`${ids}-hex-error`} className="ui-field__error" role="alert">
            {t('custom.invalid')}
          </p>
        ) : null}
        {recent.colours.length > 0 ? (
          <fieldset className="directives-panel__recent">
            <legend className="ui-field__hint">{t('custom.recent')}</legend>
            {recent.colours.map((hex) => (
              <button
                key={hex}
                type="button"
                className="directives-panel__swatch"
                style={{ background: hex }}
                aria-pressed={targetColour === hex}
                title={hex}
                aria-label={hex}
                onClick={() => {
                  setHexText(hex);
                  setHexError(false);
                  chooseColour(hex);
                }}
              />
            ))}
          </fieldset>
        ) : null}
      </fieldset>

      <fieldset className="directives-panel__group">
        <legend className="ui-field__label">{t('applyTo.label')}</legend>
        <div className="directives-panel__radios">
          {applyTargets.map((option: ApplyTarget) => (
            <label key={option} className="directives-panel__radio">
              <input
                type="radio"
                name={`${ids}-apply-to`}
                value={option}
                checked={state.applyTo === option}
                disabled={
                  (option === 'allWindows' && windowsDisabled) || (option === 'allDoors' && doorsDisabled)
                }
                onChange={() => dispatch({ type: 'setApplyTo', target: option })}
              />
              {t(`applyTo.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="directives-panel__selects">
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${ids}-scope`}>
            {t('scope.label')}
          </label>
          {/* Short names, and what the chosen one allows on a line of its own: a select never wraps,
              and "Stricte : aucun changement structurel" was cut on a phone (docs/decisions/144). */}
          <select
            id={`${ids}-scope`}
            className="ui-select"
            value={state.scope}
            aria-describedby={`${ids}-scope-hint`}
            onChange={(event) => dispatch({ type: 'setScope', scope: event.target.value as Scope })}
          >
            {scopes.map((scope) => (
              <option key={scope} value={scope}>
                {t(`scope.${scope}`)}
              </option>
            ))}
          </select>
          <p id={`${ids}-scope-hint`} className="ui-field__hint">
            {t(`scope.hint.${state.scope}`)}
          </p>
        </div>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${ids}-door-glass`}>
            {t('doorGlass.label')}
          </label>
          <select
            id={`${ids}-door-glass`}
            className="ui-select"
            value={state.doorGlassStyle ?? ''}
            disabled={doorsDisabled}
            onChange={(event) =>
              dispatch({
                type: 'setDoorGlassStyle',
                style: event.target.value === '' ? null : (event.target.value as DoorGlassStyle),
              })
            }
          >
            <option value="">{t('doorGlass.unchanged')}</option>
            {doorGlassStyles.map((style) => (
              <option key={style} value={style}>
                {t(`doorGlass.${style}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {active ? (
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${ids}-custom`}>
            {t('customInstruction.label', { element: t(`elements.${active}`) })}
          </label>
          <input
            id={`${ids}-custom`}
            className="ui-input"
            maxLength={2000}
            placeholder={t('customInstruction.placeholder')}
            value={state.customInstructions[active] ?? ''}
            onChange={(event) =>
              dispatch({ type: 'setCustomInstruction', element: active, text: event.target.value })
            }
          />
        </div>
      ) : (
        <p className="ui-field__hint">{t('customInstruction.noElement')}</p>
      )}

      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${ids}-prompt`}>
          {t('prompt.label')}
        </label>
        {/* The text is shown in the interface's language; Transform sends the English prompt. */}
        <textarea
          id={`${ids}-prompt`}
          className="ui-textarea directives-panel__prompt"
          rows={7}
          readOnly
          value={shownPrompt.show(value.prompt)}
          aria-describedby={shownPrompt.sentInEnglishNote ? `${ids}-prompt-note` : undefined}
        />
        {shownPrompt.sentInEnglishNote ? (
          <p id={`${ids}-prompt-note`} className="ui-field__hint">
            {shownPrompt.sentInEnglishNote}
          </p>
        ) : null}
      </div>
    </section>
  );
}
