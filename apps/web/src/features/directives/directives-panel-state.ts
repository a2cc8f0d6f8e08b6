import {
  type ApplyTarget,
  type CustomInstructions,
  composePrompt,
  createEmptyDirectives,
  type DoorGlassStyle,
  type ElementType,
  hasDirectiveContent,
  type InpaintingDirectives,
  type OptionsDirectives,
  type Scope,
  type SelectedItem,
} from '@facelift/shared';

/** Everything the panel remembers; the directives it reports are derived from it. */
export interface DirectivesPanelState {
  /** The element the element buttons have chosen; swatch clicks colour it. */
  activeElement: ElementType | null;
  selectedItems: SelectedItem[];
  customInstructions: CustomInstructions;
  doorGlassStyle: DoorGlassStyle | null;
  scope: Scope;
  applyTo: ApplyTarget;
  freeText: string;
  /** A swatch was clicked with nothing to colour: shows "Please select an item". */
  isMissingItem: boolean;
}

export type DirectivesPanelAction =
  | { type: 'chooseElement'; element: ElementType }
  /** A swatch's title key, or a custom "#rrggbb" colour. */
  | { type: 'applySwatch'; titleKey: SelectedItem['value'] }
  | { type: 'setCustomInstruction'; element: ElementType; text: string }
  | { type: 'setDoorGlassStyle'; style: DoorGlassStyle | null }
  | { type: 'setScope'; scope: Scope }
  | { type: 'setApplyTo'; target: ApplyTarget }
  | { type: 'setFreeText'; text: string }
  | { type: 'reset' }
  /** Brings back the choices of a kept look (docs/decisions/096-keep-this-look.md). */
  | { type: 'restore'; directives: OptionsDirectives };

export function createInitialPanelState(): DirectivesPanelState {
  const empty = createEmptyDirectives();
  return {
    activeElement: null,
    selectedItems: empty.selectedItems,
    customInstructions: empty.customInstructions,
    doorGlassStyle: empty.doorGlassStyle,
    scope: empty.scope,
    applyTo: empty.applyTo,
    freeText: '',
    isMissingItem: false,
  };
}

/** Which of windows or doors is being edited, for the exclusive-editing rule (docs/product.md, Offers). */
export type EditedOpening = 'windows' | 'doors' | null;

export function editedOpening(state: Pick<DirectivesPanelState, 'activeElement' | 'applyTo'>): EditedOpening {
  if (state.activeElement === 'windowFrames' || state.applyTo === 'allWindows') return 'windows';
  if (state.activeElement === 'doorFrames' || state.applyTo === 'allDoors') return 'doors';
  return null;
}

export function isWindowOptionDisabled(state: DirectivesPanelState): boolean {
  return editedOpening(state) === 'doors';
}

export function isDoorOptionDisabled(state: DirectivesPanelState): boolean {
  return editedOpening(state) === 'windows';
}

/** The element a swatch click colours, or null when none is chosen. */
export function swatchTarget(state: DirectivesPanelState): ElementType | null {
  if (state.applyTo === 'allWindows') return 'windowFrames';
  if (state.applyTo === 'allDoors') return 'doorFrames';
  return state.activeElement;
}

function withoutElement(state: DirectivesPanelState, element: ElementType) {
  const { [element]: _cleared, ...customInstructions } = state.customInstructions;
  return {
    selectedItems: state.selectedItems.filter((item) => item.type !== element),
    customInstructions,
  };
}

function isElementDisabled(state: DirectivesPanelState, element: ElementType): boolean {
  if (element === 'windowFrames') return isWindowOptionDisabled(state);
  if (element === 'doorFrames') return isDoorOptionDisabled(state);
  return false;
}

export function directivesPanelReducer(
  state: DirectivesPanelState,
  action: DirectivesPanelAction,
): DirectivesPanelState {
  switch (action.type) {
    case 'chooseElement':
      if (isElementDisabled(state, action.element)) return state;
      // Choosing an element starts it afresh: its earlier colour and text are cleared
      // (docs/product.md, Offers), and swatch clicks go to it again.
      return {
        ...state,
        ...withoutElement(state, action.element),
        activeElement: action.element,
        applyTo: 'selectedItems',
        isMissingItem: false,
      };
    case 'applySwatch': {
      const target = swatchTarget(state);
      if (!target) return { ...state, isMissingItem: true };
      return {
        ...state,
        // One colour per element: a new one replaces the earlier choice.
        selectedItems: [
          ...state.selectedItems.filter((item) => item.type !== target),
          { type: target, value: action.titleKey },
        ],
        isMissingItem: false,
      };
    }
    case 'setCustomInstruction':
      return { ...state, customInstructions: { ...state.customInstructions, [action.element]: action.text } };
    case 'setDoorGlassStyle':
      if (isDoorOptionDisabled(state)) return state;
      return { ...state, doorGlassStyle: action.style };
    case 'setScope':
      return { ...state, scope: action.scope };
    case 'setApplyTo': {
      const next = { ...state, applyTo: action.target, isMissingItem: false };
      if (action.target === 'allWindows' && isWindowOptionDisabled(state)) return state;
      if (action.target === 'allDoors' && isDoorOptionDisabled(state)) return state;
      // Targeting every window (or door) leaves the other opening's element behind, so that
      // the exclusive-editing rule does not lock the choice just made.
      if (action.target === 'allWindows' && state.activeElement === 'doorFrames') next.activeElement = null;
      if (action.target === 'allDoors' && state.activeElement === 'windowFrames') next.activeElement = null;
      return next;
    }
    case 'setFreeText':
      return { ...state, freeText: action.text };
    case 'reset':
      return createInitialPanelState();
    case 'restore':
      return {
        ...createInitialPanelState(),
        selectedItems: action.directives.selectedItems,
        customInstructions: action.directives.customInstructions ?? {},
        doorGlassStyle: action.directives.doorGlassStyle ?? null,
        scope: action.directives.scope,
        applyTo: action.directives.applyTo,
      };
  }
}

/** What the panel reports to its parent on every change. */
export interface DirectivesPanelValue {
  directives: OptionsDirectives | InpaintingDirectives;
  /** The English prompt composed from the directives (docs/product.md, Offers). */
  prompt: string;
  /** True when the directives ask for at least one change, so a transformation may start. */
  isReady: boolean;
}

export function panelValue(
  state: DirectivesPanelState,
  mode: 'options' | 'inpainting',
): DirectivesPanelValue {
  const directives: OptionsDirectives | InpaintingDirectives =
    mode === 'inpainting'
      ? { mode: 'inpainting', freeText: state.freeText.trim() }
      : {
          mode: 'options',
          selectedItems: state.selectedItems,
          customInstructions: Object.fromEntries(
            Object.entries(state.customInstructions)
              .map(([element, text]) => [element, (text ?? '').trim()])
              .filter(([, text]) => text !== ''),
          ),
          doorGlassStyle: state.doorGlassStyle,
          scope: state.scope,
          applyTo: state.applyTo,
        };
  return { directives, prompt: composePrompt(directives), isReady: hasDirectiveContent(directives) };
}
