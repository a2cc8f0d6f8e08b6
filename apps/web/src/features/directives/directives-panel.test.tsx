import { directivesSchema } from '@facelift/shared';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { DirectivesPanel, type DirectivesPanelProps } from './directives-panel.tsx';
import type { DirectivesPanelValue } from './directives-panel-state.ts';

const preservation =
  'Do not change any other part of the building or image. ' +
  'Preserve the original architectural details, colours, textures, lighting and environment. ' +
  'Make no other changes. Leave the rest of the image unchanged.';

function renderPanel(props: DirectivesPanelProps = {}) {
  const onChange = vi.fn<(value: DirectivesPanelValue) => void>();
  const view = (extra: DirectivesPanelProps): ReactElement => (
    <I18nextProvider i18n={i18n}>
      <DirectivesPanel onChange={onChange} {...props} {...extra} />
    </I18nextProvider>
  );
  const result = render(view({}));
  return {
    onChange,
    latest: () => onChange.mock.lastCall?.[0] as DirectivesPanelValue,
    rerender: (extra: DirectivesPanelProps) => result.rerender(view(extra)),
  };
}

const elementButton = (name: string) => screen.getByRole('button', { name });
const swatch = (name: string) =>
  within(screen.getByRole('group', { name: 'Colour' })).getByRole('button', { name });

describe('DirectivesPanel', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows four element buttons, 46 named swatches, strict scope and the prompt box', () => {
    const { latest } = renderPanel();
    for (const name of ['Window frame colour', 'Door frame colour', 'Wall colour', 'Roof colour']) {
      expect(elementButton(name).getAttribute('aria-pressed')).toBe('false');
    }
    expect(within(screen.getByRole('group', { name: 'Colour' })).getAllByRole('button')).toHaveLength(46);
    expect(swatch('Forest green')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Scope' }) as HTMLSelectElement).value).toBe('strict');
    const prompt = screen.getByRole('textbox', { name: 'Generated prompt' }) as HTMLTextAreaElement;
    expect(prompt.readOnly).toBe(true);
    expect(prompt.value).toBe(`Make no structural or geometric changes. ${preservation}`);
    expect(latest().isReady).toBe(false);
  });

  it('reports each colour the user gives an element (for guided marking), not restores or element choices', () => {
    const onColourChosen = vi.fn();
    const { rerender } = renderPanel({ onColourChosen });
    fireEvent.click(swatch('Sage'));
    expect(onColourChosen).not.toHaveBeenCalled();
    fireEvent.click(elementButton('Wall colour'));
    expect(onColourChosen).not.toHaveBeenCalled();
    fireEvent.click(swatch('Sage'));
    fireEvent.click(elementButton('Roof colour'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Hex colour' }), { target: { value: '#2a6fdb' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use colour' }));
    expect(onColourChosen.mock.calls).toEqual([['walls'], ['roof']]);
    act(() =>
      rerender({
        onColourChosen,
        restore: {
          signal: 1,
          directives: {
            mode: 'options',
            selectedItems: [{ type: 'doorFrames', value: 'itemColor-white' }],
            customInstructions: {},
            doorGlassStyle: null,
            scope: 'strict',
            applyTo: 'selectedItems',
          },
        },
      }),
    );
    expect(onColourChosen).toHaveBeenCalledTimes(2);
  });

  it('says "Please select an item" when a colour is applied with no element', () => {
    const { latest } = renderPanel();
    fireEvent.click(swatch('Sage'));
    expect(screen.getByRole('alert').textContent).toBe('Please select an item');
    expect(latest().directives).toMatchObject({ mode: 'options', selectedItems: [] });
  });

  it('colours the chosen element, replaces its colour when chosen again, and composes the prompt', () => {
    const { latest } = renderPanel();
    fireEvent.click(elementButton('Wall colour'));
    expect(elementButton('Wall colour').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(swatch('Sage'));
    expect(swatch('Sage').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(swatch('Sandstone'));
    expect(swatch('Sage').getAttribute('aria-pressed')).toBe('false');
    expect(latest().directives).toMatchObject({
      selectedItems: [{ type: 'walls', value: 'itemColor-sandstone' }],
    });
    expect(latest().prompt).toBe(
      'Change only the walls to sandstone (rgba(214, 192, 152, 1)). Do not touch the other elements. ' +
        `Make no structural or geometric changes. ${preservation}`,
    );
    expect(latest().isReady).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('listitem').textContent).toBe('Walls: Sandstone');
  });

  it("clears an element's earlier colour and custom text when it is chosen again", () => {
    const { latest } = renderPanel();
    fireEvent.click(elementButton('Roof colour'));
    fireEvent.click(swatch('Slate'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Custom instruction: Roof colour' }), {
      target: { value: 'keep the gutters' },
    });
    expect(latest().directives).toMatchObject({ customInstructions: { roof: 'keep the gutters' } });
    fireEvent.click(elementButton('Wall colour'));
    fireEvent.click(swatch('Cream'));
    fireEvent.click(elementButton('Roof colour'));
    expect(latest().directives).toMatchObject({
      selectedItems: [{ type: 'walls', value: 'itemColor-cream' }],
      customInstructions: {},
    });
    expect(
      (screen.getByRole('textbox', { name: 'Custom instruction: Roof colour' }) as HTMLInputElement).value,
    ).toBe('');
  });

  it('disables window options while doors are edited, and door options while windows are', () => {
    renderPanel();
    fireEvent.click(elementButton('Door frame colour'));
    expect((elementButton('Window frame colour') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'All windows' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Door glass' }) as HTMLSelectElement).disabled).toBe(false);
    fireEvent.click(elementButton('Wall colour'));
    fireEvent.click(elementButton('Window frame colour'));
    expect((elementButton('Door frame colour') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'All doors' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Door glass' }) as HTMLSelectElement).disabled).toBe(true);
  });

  it('applies a colour to all windows or all doors without choosing an element', () => {
    const { latest } = renderPanel();
    fireEvent.click(screen.getByRole('radio', { name: 'All doors' }));
    fireEvent.click(swatch('Burgundy'));
    expect(latest().directives).toMatchObject({
      selectedItems: [{ type: 'doorFrames', value: 'itemColor-burgundy' }],
      applyTo: 'allDoors',
    });
    expect((elementButton('Window frame colour') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Selected item' }));
    fireEvent.click(screen.getByRole('radio', { name: 'All windows' }));
    fireEvent.click(swatch('Anthracite'));
    expect(latest().prompt).toMatch(
      /^Change only the window frames to anthracite \(rgba\(56, 62, 66, 1\)\)\. /,
    );
  });

  it('adds the door glass style and the chosen scope to the prompt', () => {
    const { latest } = renderPanel();
    fireEvent.change(screen.getByRole('combobox', { name: 'Door glass' }), {
      target: { value: 'halfGlass' },
    });
    // The select shows the scope's short name; what it allows is its description, under it.
    const scope = screen.getByRole('combobox', { name: 'Scope', description: 'No structural changes.' });
    expect((scope as HTMLSelectElement).selectedOptions[0]?.text).toBe('Strict');
    fireEvent.change(scope, { target: { value: 'creative' } });
    expect(
      screen.getByRole('combobox', { name: 'Scope', description: 'Windows and doors may be redesigned.' }),
    ).toBe(scope);
    expect(latest().prompt).toBe(
      `Make the door glass half glass. Creative redesign of windows and doors is allowed. ${preservation}`,
    );
    expect(latest().directives).toMatchObject({ doorGlassStyle: 'halfGlass', scope: 'creative' });
  });

  it('reports directives the server accepts exactly when it says they are ready', () => {
    const { onChange } = renderPanel();
    fireEvent.click(swatch('Sage'));
    fireEvent.click(elementButton('Roof colour'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Custom instruction: Roof colour' }), {
      target: { value: '  ' },
    });
    fireEvent.click(swatch('Slate'));
    fireEvent.click(screen.getByRole('radio', { name: 'All windows' }));
    fireEvent.click(swatch('White'));
    const values = onChange.mock.calls.map(([value]) => value);
    expect(values.some((value) => !value.isReady)).toBe(true);
    expect(values.some((value) => value.isReady)).toBe(true);
    for (const value of values) {
      expect(directivesSchema.safeParse(value.directives).success).toBe(value.isReady);
    }
  });

  it('clears every choice and returns to strict scope on a reset signal', () => {
    const { latest, rerender } = renderPanel({ resetSignal: 0 });
    fireEvent.click(elementButton('Wall colour'));
    fireEvent.click(swatch('Sage'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Scope' }), { target: { value: 'moderate' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Door glass' }), {
      target: { value: 'fullGlass' },
    });
    act(() => rerender({ resetSignal: 1 }));
    expect(latest().directives).toEqual({
      mode: 'options',
      selectedItems: [],
      customInstructions: {},
      doorGlassStyle: null,
      scope: 'strict',
      applyTo: 'selectedItems',
    });
    expect((screen.getByRole('combobox', { name: 'Scope' }) as HTMLSelectElement).value).toBe('strict');
    expect(elementButton('Wall colour').getAttribute('aria-pressed')).toBe('false');
  });

  it('shows only a free-text prompt in inpainting mode and returns to options when it is switched off', () => {
    const { latest, rerender } = renderPanel({ forceInpaintingMode: true });
    expect(screen.queryByRole('button', { name: 'Wall colour' })).toBeNull();
    const freeText = screen.getByRole('textbox', { name: 'Describe the change for the painted area' });
    expect(freeText.tagName).toBe('TEXTAREA');
    expect(freeText.getAttribute('placeholder')).toMatch(/^For example/);
    fireEvent.change(freeText, { target: { value: 'Paint the door burgundy' } });
    expect(latest()).toEqual({
      directives: { mode: 'inpainting', freeText: 'Paint the door burgundy' },
      prompt: `Paint the door burgundy. ${preservation}`,
      isReady: true,
    });
    act(() => rerender({ forceInpaintingMode: false }));
    expect(elementButton('Wall colour')).toBeTruthy();
    expect(latest().directives.mode).toBe('options');
  });

  it('names colours in the interface language', async () => {
    renderPanel();
    await act(() => i18n.changeLanguage('fr'));
    expect(
      within(screen.getByRole('group', { name: 'Couleur' })).getByRole('button', { name: 'Vert sauge' }),
    ).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the generated prompt in the interface language and still hands on the English prompt', async () => {
    // It showed the English prompt in a Spanish or French interface.
    const { latest } = renderPanel();
    await act(() => i18n.changeLanguage('es'));
    fireEvent.click(screen.getByRole('button', { name: 'Color de la pared' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Color' })).getByRole('button', { name: 'Verde salvia' }),
    );
    const prompt = screen.getByRole('textbox', { name: 'Prompt generado' }) as HTMLTextAreaElement;
    expect(prompt.value).toBe(
      'Cambia solo las paredes a verde salvia (rgba(156, 171, 134, 1)). No toques los demás elementos. ' +
        'No hagas cambios estructurales ni geométricos. ' +
        'No cambies ninguna otra parte del edificio ni de la imagen. ' +
        'Conserva los detalles arquitectónicos, los colores, las texturas, la iluminación y el entorno originales. ' +
        'No hagas ningún otro cambio. Deja el resto de la imagen sin cambios.',
    );
    expect(prompt.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText('Se muestra en tu idioma; el motor de imágenes lo recibe en inglés.'),
    ).toBeTruthy();
    expect(latest().prompt).toBe(
      `Change only the walls to sage (rgba(156, 171, 134, 1)). Do not touch the other elements. Make no structural or geometric changes. ${preservation}`,
    );
    await act(() => i18n.changeLanguage('en'));
    expect(prompt.value).toBe(latest().prompt);
    expect(screen.queryByText(/the image engine receives it in English/)).toBeNull();
  });

  it('is one tab stop for the palette, moved through with the arrow keys, Home and End', () => {
    renderPanel();
    const buttons = within(screen.getByRole('group', { name: 'Colour' })).getAllByRole('button');
    expect(buttons.filter((button) => button.tabIndex === 0)).toHaveLength(1);
    const first = buttons[0] as HTMLButtonElement;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1] as HTMLButtonElement, { key: 'End' });
    expect(document.activeElement).toBe(buttons[45]);
    expect((buttons[45] as HTMLButtonElement).tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
    fireEvent.keyDown(buttons[45] as HTMLButtonElement, { key: 'Home' });
    expect(document.activeElement).toBe(first);
  });

  it('applies a typed hex colour, names it in the prompt with its nearest swatch, and refuses bad hex', () => {
    const { latest } = renderPanel();
    fireEvent.click(elementButton('Wall colour'));
    const hex = screen.getByRole('textbox', { name: 'Hex colour' });
    fireEvent.change(hex, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use colour' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a colour as six hex digits, such as #9cab86');
    expect(latest().isReady).toBe(false);
    fireEvent.change(hex, { target: { value: '#9BAC85' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use colour' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(latest().directives).toMatchObject({ selectedItems: [{ type: 'walls', value: '#9bac85' }] });
    expect(latest().prompt).toContain('Change only the walls to custom colour #9bac85 (close to sage)');
    expect(screen.getByText('Walls: #9bac85 (close to Sage)')).toBeTruthy();
    expect(directivesSchema.safeParse(latest().directives).success).toBe(true);
  });

  it('keeps applied custom colours at hand per project, newest first', () => {
    localStorage.clear();
    renderPanel({ projectId: 'project-a' });
    fireEvent.click(elementButton('Roof colour'));
    const hex = screen.getByRole('textbox', { name: 'Hex colour' });
    for (const value of ['#123456', '#abcdef']) {
      fireEvent.change(hex, { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Use colour' }));
    }
    const recent = () =>
      within(screen.getByRole('group', { name: 'Recent colours' }))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label'));
    expect(recent()).toEqual(['#abcdef', '#123456']);
    cleanup();
    renderPanel({ projectId: 'project-a' });
    expect(recent()).toEqual(['#abcdef', '#123456']);
    cleanup();
    renderPanel({ projectId: 'project-b' });
    expect(screen.queryByRole('group', { name: 'Recent colours' })).toBeNull();
  });
});
