import { describe, expect, it } from 'vitest';
import { defaultFacadeTuning, type Rectangle } from './facade-select.ts';
import { overhangsAHead } from './head-overhangs.ts';

// The shapes of a colonnade's top floor (docs/decisions/306-cuts-over-a-window-head.md): a
// window 51 pixels wide and 281 high (three stacked windows of a bay, cut as one), and the
// detector's rectangle over its head, 106 × 54, that joins the window's dark top with the
// shadowed capitals of the columns on both sides of it.
const window: Rectangle = { left: 300, top: 306, right: 350, bottom: 586 };
const capitals: Rectangle = { left: 268, top: 272, right: 373, bottom: 325 };
const tuning = {
  width: defaultFacadeTuning.overhangWidth,
  below: defaultFacadeTuning.overhangBelow,
  spans: defaultFacadeTuning.overhangSpans,
};

describe('cuts overhanging a window head', () => {
  it('the rectangle over the capitals and the window top overhangs the window: it stays wall', () => {
    expect(overhangsAHead(capitals, [window, capitals], [], tuning)).toBe(true);
    expect(overhangsAHead(window, [window, capitals], [], tuning)).toBe(false);
  });

  it('was cut with the rule off (the former code path)', () => {
    expect(overhangsAHead(capitals, [window, capitals], [], { ...tuning, width: 0 })).toBe(false);
  });

  it('a transom or a blind box as wide as its window is the window’s', () => {
    const transom: Rectangle = { left: 298, top: 290, right: 352, bottom: 312 };
    expect(overhangsAHead(transom, [window, transom], [], tuning)).toBe(false);
  });

  it('a hood standing clear above the window is decision 203’s to judge, not this rule’s', () => {
    const hood: Rectangle = { left: 270, top: 280, right: 380, bottom: 296 };
    expect(overhangsAHead(hood, [window, hood], [], tuning)).toBe(false);
  });

  it('a window that ends within the wide cut’s own height below it is no taller window', () => {
    const short: Rectangle = { left: 300, top: 306, right: 350, bottom: 360 };
    expect(overhangsAHead(capitals, [short, capitals], [], tuning)).toBe(false);
  });

  it('a window beside the wide cut, half of it outside its columns, is not overhung', () => {
    const beside: Rectangle = { left: 350, top: 306, right: 400, bottom: 586 };
    expect(overhangsAHead(capitals, [beside, capitals], [], tuning)).toBe(false);
  });

  it('railings neither overhang (windows stand on them) nor are overhung', () => {
    const railing: Rectangle = { left: 200, top: 560, right: 480, bottom: 600 };
    const doorBehind: Rectangle = { left: 300, top: 580, right: 350, bottom: 700 };
    expect(overhangsAHead(railing, [doorBehind, railing], [railing], tuning)).toBe(false);
    expect(overhangsAHead(railing, [doorBehind, railing], [], tuning)).toBe(true);
    expect(overhangsAHead(capitals, [window, capitals], [window], tuning)).toBe(false);
  });
});
