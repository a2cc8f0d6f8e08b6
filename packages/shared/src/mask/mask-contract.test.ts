import { describe, expect, it } from 'vitest';
import {
  type Bitmask,
  contractToPaintedCanvas,
  countPainted,
  createBitmask,
  decodeMask,
  encodeMask,
  encodeMaskAtSize,
  isBitmaskEmpty,
  isContractMask,
  isPaintedCanvasPixel,
  mapLength,
  mapPoint,
  paintedCanvasToContract,
  readPaintedCanvas,
  renderPaintedCanvas,
  scaleBitmask,
} from './mask-contract.ts';

function maskFrom(rows: string[]): Bitmask {
  const mask = createBitmask(rows[0]?.length ?? 0, rows.length);
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) mask.data[y * mask.width + x] = row[x] === '#' ? 1 : 0;
  });
  return mask;
}

function pixel(data: ArrayLike<number>, index: number): number[] {
  return Array.from({ length: 4 }, (_, channel) => data[index * 4 + channel] as number);
}

describe('encodeMask (the contract output)', () => {
  it('makes painted pixels fully transparent and every other pixel opaque black', () => {
    const encoded = encodeMask(maskFrom(['#.', '.#']));
    expect(pixel(encoded, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(encoded, 1)).toEqual([0, 0, 0, 255]);
    expect(pixel(encoded, 2)).toEqual([0, 0, 0, 255]);
    expect(pixel(encoded, 3)).toEqual([0, 0, 0, 0]);
    expect(isContractMask({ width: 2, height: 2, data: encoded })).toBe(true);
  });

  it('round-trips through decodeMask pixel for pixel', () => {
    const mask = createBitmask(37, 23);
    for (let index = 0; index < mask.data.length; index++)
      mask.data[index] = (index * 7919) % 3 === 0 ? 1 : 0;
    const decoded = decodeMask({ width: 37, height: 23, data: encodeMask(mask) });
    expect(decoded.width).toBe(37);
    expect(decoded.height).toBe(23);
    expect(Array.from(decoded.data)).toEqual(Array.from(mask.data));
  });

  it('encodes an empty mask as all opaque black and a full one as all transparent', () => {
    const empty = encodeMask(createBitmask(3, 1));
    expect(Array.from(empty)).toEqual([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]);
    const full = createBitmask(2, 1);
    full.data.fill(1);
    expect(Array.from(encodeMask(full))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('the reading rule: opaque and every channel above 200', () => {
  it('counts 201 as painted and 200 as not, on each channel', () => {
    expect(isPaintedCanvasPixel(201, 201, 201, 255)).toBe(true);
    expect(isPaintedCanvasPixel(200, 255, 255, 255)).toBe(false);
    expect(isPaintedCanvasPixel(255, 200, 255, 255)).toBe(false);
    expect(isPaintedCanvasPixel(255, 255, 200, 255)).toBe(false);
  });

  it('requires full opacity', () => {
    expect(isPaintedCanvasPixel(255, 255, 255, 254)).toBe(false);
    expect(isPaintedCanvasPixel(255, 255, 255, 0)).toBe(false);
  });

  it('reads a painted canvas: white strokes painted, transparent background and grey not', () => {
    const canvas = new Uint8ClampedArray([
      ...[255, 255, 255, 255],
      ...[0, 0, 0, 0],
      ...[201, 230, 250, 255],
      ...[200, 200, 200, 255],
      ...[255, 255, 255, 128],
      ...[0, 0, 0, 255],
    ]);
    const mask = readPaintedCanvas({ width: 3, height: 2, data: canvas });
    expect(Array.from(mask.data)).toEqual([1, 0, 1, 0, 0, 0]);
  });

  it('decodeMask reads both the contract (transparent) and white-on-black masks', () => {
    const pixels = new Uint8ClampedArray([
      ...[0, 0, 0, 0], // contract: painted
      ...[0, 0, 0, 255], // contract: kept
      ...[255, 255, 255, 255], // white on black: painted
      ...[210, 199, 255, 255], // a channel at or below 200: kept
      ...[255, 255, 255, 127], // half transparent fringe: kept
      ...[90, 40, 10, 0], // transparent whatever its colour: painted
    ]);
    expect(Array.from(decodeMask({ width: 6, height: 1, data: pixels }).data)).toEqual([1, 0, 1, 0, 0, 1]);
  });
});

describe('painted canvas ↔ contract', () => {
  it('turns white opaque strokes into transparent pixels and the rest into opaque black', () => {
    const canvas = renderPaintedCanvas(maskFrom(['#..', '.##']));
    expect(pixel(canvas, 0)).toEqual([255, 255, 255, 255]);
    expect(pixel(canvas, 1)).toEqual([0, 0, 0, 0]);
    const contract = paintedCanvasToContract({ width: 3, height: 2, data: canvas });
    expect([0, 1, 2, 3, 4, 5].map((index) => pixel(contract, index)[3])).toEqual([0, 255, 255, 255, 0, 0]);
    expect(isContractMask({ width: 3, height: 2, data: contract })).toBe(true);
    expect(Array.from(contractToPaintedCanvas({ width: 3, height: 2, data: contract }))).toEqual(
      Array.from(canvas),
    );
  });

  it('isContractMask rejects colour, partial alpha and a wrong buffer length', () => {
    expect(isContractMask({ width: 1, height: 1, data: new Uint8Array([255, 255, 255, 255]) })).toBe(false);
    expect(isContractMask({ width: 1, height: 1, data: new Uint8Array([0, 0, 0, 128]) })).toBe(false);
    expect(isContractMask({ width: 2, height: 1, data: new Uint8Array([0, 0, 0, 0]) })).toBe(false);
  });

  it('refuses buffers that do not match the size', () => {
    expect(() => decodeMask({ width: 2, height: 2, data: new Uint8Array(12) })).toThrow(RangeError);
    expect(() => createBitmask(0, 3)).toThrow(RangeError);
  });
});

describe('display size → natural size', () => {
  it('maps points and brush lengths from the displayed image to the natural one', () => {
    const display = { width: 800, height: 600 };
    const natural = { width: 4000, height: 3000 };
    expect(mapPoint({ x: 400, y: 150 }, display, natural)).toEqual({ x: 2000, y: 750 });
    expect(mapLength(20, display, natural)).toBe(100);
  });

  it('scales a mask painted at display size up to the natural size, staying binary', () => {
    const painted = maskFrom(['#...', '..##']);
    const natural = scaleBitmask(painted, 8, 4);
    expect(natural.width).toBe(8);
    expect(natural.height).toBe(4);
    const rows = Array.from({ length: 4 }, (_, y) =>
      Array.from(natural.data.subarray(y * 8, y * 8 + 8))
        .map((value) => (value ? '#' : '.'))
        .join(''),
    );
    expect(rows).toEqual(['##......', '##......', '....####', '....####']);
    expect(countPainted(natural)).toBe(4 * countPainted(painted));
  });

  it('produces natural-size contract pixels for a mask painted at another size', () => {
    const painted = maskFrom(['.#', '..']);
    const encoded = encodeMaskAtSize(painted, { width: 6, height: 4 });
    expect(encoded.length).toBe(6 * 4 * 4);
    const decoded = decodeMask({ width: 6, height: 4, data: encoded });
    // The top-right quarter (x 3–5, y 0–1) is painted, nothing else.
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 6; x++) expect(decoded.data[y * 6 + x], `${x},${y}`).toBe(x >= 3 && y < 2 ? 1 : 0);
    }
  });

  it('scales down without inventing pixels and copies at the same size', () => {
    const big = createBitmask(100, 50);
    expect(isBitmaskEmpty(scaleBitmask(big, 10, 5))).toBe(true);
    big.data[0] = 1;
    const same = scaleBitmask(big, 100, 50);
    expect(same.data).not.toBe(big.data);
    expect(Array.from(same.data)).toEqual(Array.from(big.data));
  });
});
