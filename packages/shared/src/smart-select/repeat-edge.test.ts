import { describe, expect, it } from 'vitest';
import { makeImage, noise } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { dropUnjudgedAtEdge } from './repeat-check.ts';

describe('select all similar leaves out repeats whose surround leaves the photo (docs/decisions/210)', () => {
  const image = prepareFacadeImage(
    makeImage(300, 200, (x, y) => {
      const plaster = noise(x, y, 5);
      return [196 + plaster, 168 + plaster, 132 + plaster];
    }),
  );
  const example: Rectangle = { left: 4, top: 60, right: 43, bottom: 109 };

  it('keeps the example and the repeats with a quarter of their size of photo around them', () => {
    const inside: Rectangle = { left: 110, top: 60, right: 149, bottom: 109 };
    // 10 pixels from the right edge: a quarter of its width (10) still fits.
    const nearEdge: Rectangle = { left: 250, top: 60, right: 289, bottom: 109 };
    expect(dropUnjudgedAtEdge(image, [example, inside, nearEdge])).toEqual([example, inside, nearEdge]);
  });

  it('drops a repeat closer to the edge than a quarter of its size, on any side', () => {
    const kept: Rectangle = { left: 110, top: 60, right: 149, bottom: 109 };
    const left: Rectangle = { left: 9, top: 60, right: 48, bottom: 109 };
    const top: Rectangle = { left: 110, top: 12, right: 149, bottom: 61 };
    const right: Rectangle = { left: 251, top: 60, right: 290, bottom: 109 };
    const bottom: Rectangle = { left: 110, top: 138, right: 149, bottom: 187 };
    expect(dropUnjudgedAtEdge(image, [example, kept, left, top, right, bottom])).toEqual([example, kept]);
    // A negative margin switches the step off.
    expect(dropUnjudgedAtEdge(image, [example, left], -1)).toEqual([example, left]);
  });
});
