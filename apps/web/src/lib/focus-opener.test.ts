import { afterEach, describe, expect, it } from 'vitest';
import { focusOpener } from './focus-opener.ts';

/** A box for getBoundingClientRect (happy-dom lays nothing out). */
function place(element: Element, top: number, height: number) {
  element.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 300, height });
}

/**
 * The phone sheet of decision 234: its top edge at 312, scrolled 45 px, so that its header row
 * (283–327) is cut by the edge; the opener (a swatch) lies whole further down.
 */
function sheetWithOpener(opener: HTMLButtonElement) {
  const column = document.createElement('section');
  column.className = 'studio__controls';
  const header = document.createElement('div');
  header.className = 'studio__controls-header';
  column.append(header, opener);
  document.body.append(column);
  column.scrollTop = 45;
  place(column, 312, 500);
  place(header, 283, 44);
  place(opener, 600, 44);
  return column;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('focusOpener', () => {
  it('scrolls a heading sliced at the sheet top edge out of view once the opener has the focus', () => {
    const opener = document.createElement('button');
    const column = sheetWithOpener(opener);
    focusOpener(opener);
    expect(document.activeElement).toBe(opener);
    // 327 - 312 = 15 px more: the header row goes wholly above the edge (decision 234).
    expect(column.scrollTop).toBe(60);
  });

  it('leaves the sheet where it is when the opener could not take the focus', () => {
    // Disabled while the marked areas are being saved: the browser neither focuses nor scrolls.
    const opener = document.createElement('button');
    opener.disabled = true;
    const column = sheetWithOpener(opener);
    focusOpener(opener);
    expect(document.activeElement).not.toBe(opener);
    expect(column.scrollTop).toBe(45);
  });
});
