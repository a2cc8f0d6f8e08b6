import { describe, expect, it } from 'vitest';
import { autocorrelation } from './balustrades.ts';
import { drawFramedFacade, makeImage, noise } from './drawn-facade.ts';
import { edgesAndDirectionalSums, type Rectangle } from './facade-select.ts';
import { convertToOklab } from './oklab-image.ts';
import { boxBlur, computeEdges } from './smart-select.ts';
import { computeSuperpixels } from './superpixels.ts';

/**
 * Decision 364 makes the preparation cheaper for speed alone (four lags of the balustrades'
 * autocorrelation at once, one Sobel pass for the edges and their running sums, the
 * superpixels' sums by runs and their neighbour pairs by index): every number must be the one
 * the plain computation gives.
 */
const windows: Rectangle[] = [];
for (const top of [50, 150]) {
  for (const left of [40, 145, 250]) windows.push({ left, top, right: left + 59, bottom: top + 69 });
}
const facade = drawFramedFacade(360, 260, windows, []);

describe('the preparation gives the plain computation’s numbers (decision 364)', () => {
  it('reads each lag of the autocorrelation as the plain sum over the window', () => {
    const signal = new Float32Array(400);
    for (let x = 0; x < signal.length; x++) signal[x] = 10 * Math.sin(x / 2.3) + noise(x, 7, 4);
    for (const [from, length, longest] of [
      [0, 54, 18],
      [13, 54, 18],
      [100, 31, 9],
      [200, 60, 13],
    ] as const) {
      let mean = 0;
      for (let i = 0; i < length; i++) mean += signal[from + i] as number;
      mean /= length;
      let variance = 0;
      for (let i = 0; i < length; i++) variance += ((signal[from + i] as number) - mean) ** 2;
      const read = Array.from(autocorrelation(signal, from, length, longest, mean).subarray(0, longest + 1));
      const plain = [0];
      for (let lag = 1; lag <= longest; lag++) {
        let sum = 0;
        for (let i = 0; i + lag < length; i++)
          sum += ((signal[from + i] as number) - mean) * ((signal[from + i + lag] as number) - mean);
        plain.push(Math.fround((sum / variance) * (length / (length - lag))));
      }
      expect(read).toEqual(plain);
    }
  });

  it('finds the same edge of each pixel as the flood fill’s Sobel pass', () => {
    const { width, height, lab } = facade;
    const { edges } = edgesAndDirectionalSums(lab, width, height);
    const plain = computeEdges(lab, width, height);
    expect(edges.every((value, at) => Object.is(value, plain[at]))).toBe(true);
  });

  it('describes the superpixels’ neighbours in the order met, with the plain sums', () => {
    const pixels = makeImage(240, 160, (x, y) => {
      const grain = noise(x, y, 5);
      const brick = (Math.floor(y / 9) + Math.floor(x / 23)) % 2 === 0 ? 20 : 0;
      return [150 + brick + grain, 110 + grain, 90 + grain];
    });
    const lab = boxBlur(convertToOklab(pixels), 240, 160, 1);
    const edges = computeEdges(lab, 240, 160);
    const superpixels = computeSuperpixels(lab, edges, 240, 160, {
      size: 12,
      compactness: 10,
      iterations: 5,
    });
    const { labels, count } = superpixels;
    // The plain computation: a map of each pair's length and summed edge, pixel by pixel.
    const pairs = new Map<number, [number, number]>();
    const sumL = new Float64Array(count);
    for (let y = 0, index = 0; y < 160; y++) {
      for (let x = 0; x < 240; x++, index++) {
        const label = labels[index] as number;
        sumL[label] = (sumL[label] as number) + (lab[index * 3] as number);
        const add = (other: number, edge: number) => {
          if (other === label) return;
          const key = label < other ? label * count + other : other * count + label;
          const pair = pairs.get(key) ?? [0, 0];
          pairs.set(key, [pair[0] + 1, pair[1] + edge]);
        };
        if (x < 239)
          add(labels[index + 1] as number, Math.max(edges[index] as number, edges[index + 1] as number));
        if (y < 159)
          add(labels[index + 240] as number, Math.max(edges[index] as number, edges[index + 240] as number));
      }
    }
    const neighbours: number[][] = Array.from({ length: count }, () => []);
    const strengths: number[][] = Array.from({ length: count }, () => []);
    for (const [key, [length, edge]] of pairs) {
      const a = Math.floor(key / count);
      const b = key % count;
      neighbours[a]?.push(b);
      strengths[a]?.push(Math.fround(edge / length));
      neighbours[b]?.push(a);
      strengths[b]?.push(Math.fround(edge / length));
    }
    for (let label = 0; label < count; label++) {
      const from = superpixels.neighbourStart[label] as number;
      const to = superpixels.neighbourStart[label + 1] as number;
      expect(Array.from(superpixels.neighbours.subarray(from, to))).toEqual(neighbours[label]);
      expect(Array.from(superpixels.boundaryEdge.subarray(from, to))).toEqual(strengths[label]);
      const area = superpixels.area[label] as number;
      expect(superpixels.meanL[label]).toBe(Math.fround((sumL[label] as number) / Math.max(1, area)));
    }
    expect(pairs.size).toBeGreaterThan(count);
  });
});
