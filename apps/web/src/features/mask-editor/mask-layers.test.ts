import { type Bitmask, countPainted, createBitmask, decodeMask, encodeMaskAtSize } from '@facelift/shared';
import { describe, expect, it } from 'vitest';
import { MaskLayers } from './mask-layers.ts';
import { clampBrushSize, fillShape, paintDab, paintSegment } from './mask-painting.ts';

function isPainted(mask: Bitmask, x: number, y: number): boolean {
  return mask.data[y * mask.width + x] === 1;
}

describe('brush painting', () => {
  it('paints a round dab as a disc and a square dab as a square', () => {
    const round = createBitmask(40, 40);
    paintDab(round, { x: 20, y: 20 }, 10, 'round', 1);
    expect(isPainted(round, 20, 20)).toBe(true);
    expect(isPainted(round, 24, 20)).toBe(true);
    expect(isPainted(round, 15, 15)).toBe(false); // the square's corner, outside the disc
    const square = createBitmask(40, 40);
    paintDab(square, { x: 20, y: 20 }, 10, 'square', 1);
    expect(isPainted(square, 15, 15)).toBe(true);
    expect(countPainted(square)).toBe(100);
    expect(countPainted(round)).toBeLessThan(100);
    expect(countPainted(round)).toBeGreaterThan(70);
  });

  it('leaves a continuous line for a fast stroke and erases with value 0', () => {
    const mask = createBitmask(100, 20);
    paintSegment(mask, { x: 5, y: 10 }, { x: 95, y: 10 }, 6, 'round', 1);
    for (let x = 5; x <= 95; x++) expect(isPainted(mask, x, 10), `x ${x}`).toBe(true);
    paintSegment(mask, { x: 50, y: 10 }, { x: 50, y: 10 }, 6, 'square', 0);
    expect(isPainted(mask, 50, 10)).toBe(false);
    expect(isPainted(mask, 40, 10)).toBe(true);
  });

  it('clips dabs at the image border', () => {
    const mask = createBitmask(10, 10);
    expect(paintDab(mask, { x: -20, y: -20 }, 10, 'round', 1)).toBeNull();
    const box = paintDab(mask, { x: 0, y: 0 }, 8, 'square', 1);
    expect(box).toEqual({ left: 0, top: 0, right: 4, bottom: 4 });
  });

  it('keeps the brush size within 5–60', () => {
    expect(clampBrushSize(1)).toBe(5);
    expect(clampBrushSize(80)).toBe(60);
    expect(clampBrushSize(20.4)).toBe(20);
  });
});

describe('region select', () => {
  it('fills the dragged rectangle exactly, whichever way it was dragged', () => {
    const mask = createBitmask(50, 50);
    fillShape(mask, { x: 30, y: 40 }, { x: 10, y: 20 }, 'rectangle', 1);
    expect(countPainted(mask)).toBe(20 * 20);
    expect(isPainted(mask, 10, 20)).toBe(true);
    expect(isPainted(mask, 29, 39)).toBe(true);
    expect(isPainted(mask, 30, 40)).toBe(false);
  });

  it('fills the ellipse inscribed in the dragged box', () => {
    const mask = createBitmask(100, 60);
    fillShape(mask, { x: 0, y: 0 }, { x: 100, y: 60 }, 'ellipse', 1);
    expect(isPainted(mask, 50, 30)).toBe(true);
    expect(isPainted(mask, 1, 1)).toBe(false);
    expect(isPainted(mask, 98, 58)).toBe(false);
    // π/4 of the box, give or take the pixel grid.
    expect(countPainted(mask) / 6000).toBeCloseTo(Math.PI / 4, 1);
  });
});

/**
 * A 60 × 40 layer a wall click took whole, then a shift-click took a window (10–19 × 10–19)
 * away from (docs/decisions/331-shift-click-removals-stay-out.md).
 */
function wallWithWindowRemoved() {
  const whole = createBitmask(60, 40);
  whole.data.fill(1);
  const window = createBitmask(60, 40);
  for (let y = 10; y < 20; y++) for (let x = 10; x < 20; x++) window.data[y * 60 + x] = 1;
  const layers = new MaskLayers(60, 40);
  layers.replaceSelection('walls', null, whole, { x: 40, y: 30 });
  layers.replaceSelection('walls', window, null, { x: 15, y: 15 });
  return { whole, window, layers };
}

describe('MaskLayers', () => {
  function strokeAcross(layers: MaskLayers, y: number) {
    layers.beginOperation('mask');
    layers.strokeSegment({ x: 2, y }, { x: 30, y }, 4, 'round', 1);
    layers.strokeSegment({ x: 30, y }, { x: 60, y }, 4, 'round', 1);
    layers.endOperation();
  }

  it('undoes a whole stroke at once, and redoes it', () => {
    const layers = new MaskLayers(64, 32);
    strokeAcross(layers, 8);
    strokeAcross(layers, 20);
    const twoStrokes = countPainted(layers.layer('mask'));
    layers.undo();
    expect(isPainted(layers.layer('mask'), 40, 20)).toBe(false);
    expect(isPainted(layers.layer('mask'), 40, 8)).toBe(true);
    expect(layers.canRedo).toBe(true);
    layers.redo();
    expect(countPainted(layers.layer('mask'))).toBe(twoStrokes);
    layers.undo();
    layers.undo();
    expect(layers.isEmpty('mask')).toBe(true);
    expect(layers.canUndo).toBe(false);
  });

  it('forgets the redo steps once something new is painted', () => {
    const layers = new MaskLayers(64, 32);
    strokeAcross(layers, 8);
    layers.undo();
    layers.fillShape('mask', { x: 0, y: 0 }, { x: 4, y: 4 }, 'rectangle', 1);
    expect(layers.canRedo).toBe(false);
  });

  it('keeps one layer per element, each undone on its own', () => {
    const layers = new MaskLayers(40, 40);
    layers.fillShape('walls', { x: 0, y: 0 }, { x: 20, y: 40 }, 'rectangle', 1);
    layers.fillShape('roof', { x: 20, y: 0 }, { x: 40, y: 10 }, 'rectangle', 1);
    expect(countPainted(layers.layer('walls'))).toBe(800);
    expect(countPainted(layers.layer('roof'))).toBe(200);
    expect(layers.isEmpty('mask')).toBe(true);
    layers.undo();
    expect(layers.isEmpty('roof')).toBe(true);
    expect(countPainted(layers.layer('walls'))).toBe(800);
  });

  it('resets every layer in one undoable step', () => {
    const layers = new MaskLayers(40, 40);
    layers.fillShape('mask', { x: 0, y: 0 }, { x: 10, y: 10 }, 'rectangle', 1);
    layers.fillShape('doorFrames', { x: 10, y: 10 }, { x: 20, y: 20 }, 'ellipse', 1);
    expect(layers.reset()).not.toBeNull();
    expect(layers.isEmpty('mask') && layers.isEmpty('doorFrames')).toBe(true);
    layers.undo();
    expect(countPainted(layers.layer('mask'))).toBe(100);
    expect(layers.isEmpty('doorFrames')).toBe(false);
    expect(new MaskLayers(4, 4).reset()).toBeNull();
  });

  it('cancels a stroke that turned into a pinch without leaving a trace or an undo step', () => {
    const layers = new MaskLayers(64, 32);
    layers.beginOperation('mask');
    layers.strokeSegment({ x: 2, y: 8 }, { x: 30, y: 8 }, 4, 'round', 1);
    layers.cancelOperation();
    expect(layers.isEmpty('mask')).toBe(true);
    expect(layers.canUndo).toBe(false);
  });

  it('adds and subtracts smart-select results painted at a smaller analysis size', () => {
    const layers = new MaskLayers(80, 40);
    const selection = createBitmask(40, 20);
    for (let y = 0; y < 10; y++) for (let x = 0; x < 20; x++) selection.data[y * 40 + x] = 1;
    layers.applySelection('walls', selection, 'add');
    expect(countPainted(layers.layer('walls'))).toBe(40 * 20);
    const corner = createBitmask(40, 20);
    corner.data[0] = 1;
    layers.applySelection('walls', corner, 'subtract');
    expect(countPainted(layers.layer('walls'))).toBe(40 * 20 - 4);
    layers.undo();
    expect(countPainted(layers.layer('walls'))).toBe(40 * 20);
  });

  it('keeps what a shift-click on a surface removed out of its later clicks (docs/decisions/331-shift-click-removals-stay-out.md)', () => {
    // A wall click takes the whole 60 × 40 layer but a window (10–19 × 10–19); a shift-click
    // removes the window; a second wall click whose surface holds the window again leaves it out.
    const { whole, window, layers } = wallWithWindowRemoved();
    expect(isPainted(layers.layer('walls'), 15, 15)).toBe(false);
    layers.replaceSelection('walls', null, whole, { x: 50, y: 5 });
    expect(isPainted(layers.layer('walls'), 15, 15)).toBe(false);
    expect(countPainted(layers.layer('walls'))).toBe(60 * 40 - 100);
    // Undoing the shift-click (the second wall click changed nothing: no step) forgets the
    // window: the wall click takes it.
    layers.undo();
    expect(isPainted(layers.layer('walls'), 15, 15)).toBe(true);
    layers.replaceSelection('walls', null, whole, { x: 50, y: 5 });
    expect(countPainted(layers.layer('walls'))).toBe(60 * 40);
    // A click on what was kept out asks for it back.
    layers.replaceSelection('walls', window, null, { x: 15, y: 15 });
    layers.replaceSelection('walls', null, whole, { x: 12, y: 12 });
    expect(countPainted(layers.layer('walls'))).toBe(60 * 40);
    // Other layers and other tools are not concerned: the brush or a window click paint it.
    layers.replaceSelection('walls', window, null, { x: 15, y: 15 });
    layers.replaceSelection('walls', null, whole);
    expect(isPainted(layers.layer('walls'), 15, 15)).toBe(true);
    layers.replaceSelection('roof', null, whole, { x: 50, y: 5 });
    expect(countPainted(layers.layer('roof'))).toBe(60 * 40);
  });

  it('undoes, redoes, resets and loads what shift-clicks kept out with the layer (docs/decisions/331-shift-click-removals-stay-out.md)', () => {
    const { whole, window, layers } = wallWithWindowRemoved();
    // Undo then redo the shift-click: the window is out again, and kept out of the next click.
    layers.undo();
    expect(isPainted(layers.layer('walls'), 15, 15)).toBe(true);
    layers.redo();
    expect(isPainted(layers.layer('walls'), 15, 15)).toBe(false);
    layers.replaceSelection('walls', null, whole, { x: 50, y: 5 });
    expect(countPainted(layers.layer('walls'))).toBe(60 * 40 - 100);
    // A wall click that changes nothing the user sees records no step: Undo still undoes the
    // shift-click (the window comes back).
    expect(layers.undo()).not.toBeNull();
    expect(isPainted(layers.layer('walls'), 15, 15)).toBe(true);
    layers.redo();
    // The pointer at x 19.6 is in the window's last column (pixel 19): the click asks it back.
    layers.replaceSelection('walls', null, whole, { x: 19.6, y: 12.2 });
    expect(countPainted(layers.layer('walls'))).toBe(60 * 40);
    // Reset forgets it; undoing the reset remembers it.
    layers.replaceSelection('walls', window, null, { x: 15, y: 15 });
    layers.reset();
    layers.replaceSelection('walls', null, whole, { x: 50, y: 5 });
    expect(countPainted(layers.layer('walls'))).toBe(60 * 40);
    layers.undo();
    layers.undo();
    expect(countPainted(layers.layer('walls'))).toBe(60 * 40 - 100);
    layers.replaceSelection('walls', null, whole, { x: 50, y: 5 });
    expect(countPainted(layers.layer('walls'))).toBe(60 * 40 - 100);
    // A region loaded back from the project starts with nothing kept out.
    layers.load('walls', createBitmask(60, 40));
    layers.replaceSelection('walls', null, whole, { x: 50, y: 5 });
    expect(countPainted(layers.layer('walls'))).toBe(60 * 40);
  });

  it("remembers what a layer's surface clicks cut, with its undo, redo, reset and load (docs/decisions/590-earlier-cuts-a-later-click-misses.md)", () => {
    const layers = new MaskLayers(60, 40);
    const half = createBitmask(60, 40);
    half.data.fill(1, 0, 60 * 20);
    const whole = createBitmask(60, 40);
    whole.data.fill(1);
    const window = { left: 10, top: 10, right: 19, bottom: 19 };
    const door = { left: 30, top: 25, right: 39, bottom: 39 };
    expect(layers.surfaceCuts('walls')).toEqual([]);
    layers.replaceSelection('walls', null, half, { x: 50, y: 5 }, [window]);
    layers.replaceSelection('walls', null, whole, { x: 50, y: 35 }, [window, door]);
    expect(layers.surfaceCuts('walls')).toEqual([window, door]);
    // Not another layer's, nor a click without a point's (the brush's way).
    expect(layers.surfaceCuts('roof')).toEqual([]);
    layers.undo();
    expect(layers.surfaceCuts('walls')).toEqual([window]);
    layers.redo();
    expect(layers.surfaceCuts('walls')).toEqual([window, door]);
    layers.reset();
    expect(layers.surfaceCuts('walls')).toEqual([]);
    layers.undo();
    expect(layers.surfaceCuts('walls')).toEqual([window, door]);
    layers.load('walls', createBitmask(60, 40));
    expect(layers.surfaceCuts('walls')).toEqual([]);
  });

  it('produces a natural-size contract mask of what was painted at working size', () => {
    // A 4000×3000 photo painted at 2000×1500: the rectangle lands at twice the coordinates.
    const layers = new MaskLayers(200, 150);
    layers.fillShape('mask', { x: 50, y: 50 }, { x: 100, y: 75 }, 'rectangle', 1);
    const natural = { width: 400, height: 300 };
    const pixels = encodeMaskAtSize(layers.layer('mask'), natural);
    const decoded = decodeMask({ ...natural, data: pixels });
    expect(countPainted(decoded)).toBe(100 * 50);
    expect(isPainted(decoded, 100, 100)).toBe(true);
    expect(isPainted(decoded, 199, 149)).toBe(true);
    expect(isPainted(decoded, 200, 150)).toBe(false);
    // Painted pixels are transparent, the rest opaque black.
    expect(Array.from(pixels.subarray((100 * 400 + 100) * 4, (100 * 400 + 100) * 4 + 4))).toEqual([
      0, 0, 0, 0,
    ]);
    expect(Array.from(pixels.subarray(0, 4))).toEqual([0, 0, 0, 255]);
  });

  it('loads a saved region, scaling it to the working size', () => {
    const layers = new MaskLayers(20, 20);
    const saved = createBitmask(40, 40);
    saved.data.fill(1, 0, 40 * 20);
    layers.load('roof', saved);
    expect(countPainted(layers.layer('roof'))).toBe(200);
    expect(layers.canUndo).toBe(false);
  });
});

describe('renderOverlay', () => {
  it('draws each layer in its colour, the active layer on top, and clears the rest', async () => {
    const { overlayAlpha, overlayColours, renderOverlay } = await import('./mask-overlay.ts');
    const { maskTargets } = await import('./mask-layers.ts');
    const layers = new MaskLayers(4, 1);
    layers.fillShape('walls', { x: 0, y: 0 }, { x: 3, y: 1 }, 'rectangle', 1);
    layers.fillShape('mask', { x: 1, y: 0 }, { x: 2, y: 1 }, 'rectangle', 1);
    const pixels = new Uint8ClampedArray(16).fill(9);
    renderOverlay(layers, pixels, { left: 0, top: 0, right: 3, bottom: 0 }, 'walls', maskTargets);
    const pixel = (index: number) => Array.from(pixels.subarray(index * 4, index * 4 + 4));
    expect(pixel(0)).toEqual([...overlayColours.walls, overlayAlpha]);
    // The mask lies under the active walls layer where they overlap.
    expect(pixel(1)).toEqual([...overlayColours.walls, overlayAlpha]);
    expect(pixel(3)).toEqual([0, 0, 0, 0]);
    renderOverlay(layers, pixels, { left: 0, top: 0, right: 3, bottom: 0 }, 'mask', maskTargets);
    expect(pixel(1)).toEqual([...overlayColours.mask, overlayAlpha]);
  });
});
