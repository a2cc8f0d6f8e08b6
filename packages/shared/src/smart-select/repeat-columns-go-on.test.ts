import { describe, expect, it } from 'vitest';
import { drawFramedFacade as drawFacade, isInside } from './drawn-facade.ts';
import type { Rectangle } from './facade-select.ts';
import { defaultColumnsGoOnTuning, withColumnsGoingOnUp } from './repeat-columns-go-on.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar follows each column of windows up to the attic (docs/decisions/251)', () => {
  // Three floors of four framed two-pane windows, 50 × 70, under an attic whose windows stand
  // on the same axes but are wide and low (90 × 36, one pane of light glass in a dark frame):
  // too unlike the example for the grid's match, and outside the 50 % the detector's openings
  // may differ from it to propose their floor (decision 187).
  const width = 520;
  const height = 470;
  const columns = [60, 180, 300, 420];
  const windows: Rectangle[] = [];
  for (const top of [150, 250, 350]) {
    for (const middle of columns)
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const attic: Rectangle[] = columns.map((middle) => ({
    left: middle - 45,
    top: 70,
    right: middle + 44,
    bottom: 105,
  }));
  const image = drawFacade(width, height, windows, attic);
  const middleIn = (box: Rectangle, repeat: Rectangle) =>
    isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);

  it('takes each attic window over its column, and still every window below', () => {
    const repeats = findSimilar(image, windows[5] as Rectangle);
    for (const window of [...windows, ...attic]) {
      const found = repeats.filter((repeat) => middleIn(window, repeat));
      expect(found, `window at ${window.left}, ${window.top}`).toHaveLength(1);
    }
    for (const window of attic) {
      const [repeat] = repeats.filter((candidate) => middleIn(window, candidate)) as [Rectangle];
      expect(Math.abs(repeat.left - window.left)).toBeLessThanOrEqual(3);
      expect(Math.abs(repeat.right - window.right)).toBeLessThanOrEqual(3);
      expect(Math.abs(repeat.top - window.top)).toBeLessThanOrEqual(3);
      expect(Math.abs(repeat.bottom - window.bottom)).toBeLessThanOrEqual(3);
    }
    expect(repeats.filter((repeat) => ![...windows, ...attic].some((box) => middleIn(box, repeat)))).toEqual(
      [],
    );
  });

  it('takes nothing over one column alone: a floor of windows has at least two', () => {
    // Only the first column's three windows are repeats: whatever the click finds over it
    // stands alone on its floor.
    const lone = windows.filter((window) => window.left === (windows[0] as Rectangle).left);
    expect(withColumnsGoingOnUp(image, lone)).toEqual(lone);
  });
});

describe("what two columns find above them is a floor only when it shares a floor's lines (docs/decisions/251)", () => {
  // Two towers of three windows (50 × 70) each; over each tower's top window stands a dark
  // framed ornament on its axis, of a window's proportions beside the tower's windows, but a
  // low shield on one tower (30 high) and a tall panel on the other (80 high), their tops and
  // bottoms 30 pixels apart: the crowning ornaments of cmp_b0008's towers, not a floor.
  const width = 420;
  const height = 470;
  const windows: Rectangle[] = [];
  for (const top of [150, 250, 350]) {
    for (const middle of [90, 330])
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const ornaments: Rectangle[] = [
    { left: 70, top: 70, right: 109, bottom: 99 },
    { left: 300, top: 40, right: 359, bottom: 119 },
  ];
  const image = drawFacade(width, height, windows, ornaments);
  const repeats = [windows[2] as Rectangle, ...windows.filter((_, index) => index !== 2)];

  it('adds neither ornament', () => {
    expect(withColumnsGoingOnUp(image, repeats)).toEqual(repeats);
  });

  it('would add both if a floor needed no shared lines', () => {
    const added = withColumnsGoingOnUp(image, repeats, { ...defaultColumnsGoOnTuning, lineSlack: 100 }).slice(
      repeats.length,
    );
    expect(added).toHaveLength(2);
    for (const ornament of ornaments) {
      const found = added.find((window) =>
        isInside(ornament, (window.left + window.right) / 2, (window.top + window.bottom) / 2),
      );
      expect(found, `ornament at ${ornament.left}, ${ornament.top}`).toBeDefined();
    }
  });
});

describe('what the search finds over a column is kept only when outlined, over at most 12 columns (docs/decisions/264)', () => {
  // 24 columns of five floors of small framed windows (30 × 60) under an attic of low framed
  // panels, then plain wall up to the sky: over the attic the window click's search still
  // returns rectangles of plain wall, outlined about 0.2 × the photo's mean edge.
  const columns = Array.from({ length: 24 }, (_, index) => 40 + index * 60);
  const windows: Rectangle[] = [];
  for (const top of [500, 600, 700, 800, 900]) {
    for (const middle of columns)
      windows.push({ left: middle - 15, top, right: middle + 14, bottom: top + 59 });
  }
  const attic = columns.map((middle) => ({ left: middle - 25, top: 420, right: middle + 24, bottom: 445 }));
  const image = drawFacade(1500, 1000, windows, attic);
  const repeats = [...windows, ...attic];

  it('adds nothing of the plain wall over the attic', () => {
    expect(withColumnsGoingOnUp(image, repeats).slice(repeats.length)).toEqual([]);
  });

  it('would add plain wall if no outline were asked', () => {
    expect(
      withColumnsGoingOnUp(image, repeats, { ...defaultColumnsGoOnTuning, outline: 0 }).length,
    ).toBeGreaterThan(repeats.length);
  });
});

describe('the columns followed up are spread along the facade (docs/decisions/264)', () => {
  const columns = [60, 180, 300, 420];
  const windows: Rectangle[] = [];
  for (const top of [150, 250, 350]) {
    for (const middle of columns)
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const attic = columns.map((middle) => ({ left: middle - 45, top: 70, right: middle + 44, bottom: 105 }));
  const image = drawFacade(520, 470, windows, attic);

  it('follows up only the first and the last column when two probes are allowed', () => {
    const added = withColumnsGoingOnUp(image, windows, {
      ...defaultColumnsGoOnTuning,
      maximumProbes: 2,
    }).slice(windows.length);
    const middles = added.map((window) => (window.left + window.right) / 2).sort((a, b) => a - b);
    expect(middles).toHaveLength(2);
    expect(Math.abs((middles[0] as number) - 60)).toBeLessThanOrEqual(3);
    expect(Math.abs((middles[1] as number) - 420)).toBeLessThanOrEqual(3);
  });

  it('follows up all four columns by default', () => {
    expect(withColumnsGoingOnUp(image, windows).length - windows.length).toBe(4);
  });
});

describe('a window found over one column alone counts when its look finds its like over the others (docs/decisions/280)', () => {
  // The first facade of this file, followed up over its first column only (one probe), as on
  // cmp_b0009 where the other columns' probes land on the attic windows' heads and sills.
  const columns = [60, 180, 300, 420];
  const windows: Rectangle[] = [];
  for (const top of [150, 250, 350]) {
    for (const middle of columns)
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const attic = columns.map((middle) => ({ left: middle - 45, top: 70, right: middle + 44, bottom: 105 }));
  const image = drawFacade(520, 470, windows, attic);
  const oneProbe = { ...defaultColumnsGoOnTuning, maximumProbes: 1 };

  it('takes the attic window over every column', () => {
    const added = withColumnsGoingOnUp(image, windows, oneProbe).slice(windows.length);
    expect(added).toHaveLength(attic.length);
    for (const window of attic) {
      const found = added.filter((repeat) =>
        isInside(window, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2),
      );
      expect(found, `attic window at ${window.left}`).toHaveLength(1);
      expect(Math.abs((found[0] as Rectangle).left - window.left)).toBeLessThanOrEqual(3);
      expect(Math.abs((found[0] as Rectangle).top - window.top)).toBeLessThanOrEqual(3);
    }
  });

  it('takes none when the look is not asked', () => {
    expect(withColumnsGoingOnUp(image, windows, { ...oneProbe, lookCorrelation: 2 })).toEqual(windows);
  });
});
