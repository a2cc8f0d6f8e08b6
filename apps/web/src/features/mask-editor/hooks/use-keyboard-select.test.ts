import { describe, expect, it } from 'vitest';
import { crosshairPoint, movedCrosshair } from './use-keyboard-select.ts';

describe('keyboard smart select crosshair', () => {
  it('moves 1 % per arrow, 10 % with Shift, and stops at the edges', () => {
    expect(movedCrosshair({ x: 0.5, y: 0.5 }, 'ArrowLeft', false)).toEqual({ x: 0.49, y: 0.5 });
    expect(movedCrosshair({ x: 0.5, y: 0.5 }, 'ArrowDown', true)).toEqual({ x: 0.5, y: 0.6 });
    expect(movedCrosshair({ x: 0.95, y: 0.02 }, 'ArrowRight', true)).toEqual({ x: 1, y: 0.02 });
    expect(movedCrosshair({ x: 0.95, y: 0.02 }, 'ArrowUp', true)).toEqual({ x: 0.95, y: 0 });
    expect(movedCrosshair({ x: 0.5, y: 0.5 }, 'Enter', false)).toBeNull();
  });

  it('ten small steps land where one big step does', () => {
    let crosshair = { x: 0.5, y: 0.5 };
    for (let step = 0; step < 10; step += 1)
      crosshair = movedCrosshair(crosshair, 'ArrowLeft', false) ?? crosshair;
    expect(crosshair).toEqual(movedCrosshair({ x: 0.5, y: 0.5 }, 'ArrowLeft', true));
  });

  it('maps to pixels inside the picture, the far edge included', () => {
    expect(crosshairPoint({ x: 0.3, y: 0.52 }, { width: 1600, height: 1200 })).toEqual({ x: 480, y: 624 });
    expect(crosshairPoint({ x: 1, y: 1 }, { width: 400, height: 300 })).toEqual({ x: 399, y: 299 });
  });
});
