import { describe, expect, it } from 'vitest';
import { clampOffset } from './use-draggable-position.ts';

const viewport = { width: 1000, height: 800 };
const box = { left: 300, top: 200, width: 400, height: 400 };

describe('clampOffset', () => {
  it('lets the box move freely inside the window', () => {
    expect(clampOffset({ x: 100, y: -50 }, box, viewport)).toEqual({ x: 100, y: -50 });
  });

  it('stops every edge 8 px inside the window', () => {
    expect(clampOffset({ x: -1000, y: -1000 }, box, viewport)).toEqual({ x: -292, y: -192 });
    expect(clampOffset({ x: 1000, y: 1000 }, box, viewport)).toEqual({ x: 292, y: 192 });
  });

  it('keeps the top-left corner of a box larger than the window visible', () => {
    const large = { left: -100, top: -50, width: 1200, height: 900 };
    expect(clampOffset({ x: 0, y: 0 }, large, viewport)).toEqual({ x: 108, y: 58 });
  });
});
