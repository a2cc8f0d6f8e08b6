import { describe, expect, it } from 'vitest';
import { fittedViewport, panBy, wheelZoomFactor, zoomAround, zoomLimits } from './viewport.ts';

describe('viewport', () => {
  it('zooms around the anchor so the point under the cursor stays put', () => {
    const anchor = { x: 200, y: 100 };
    const view = zoomAround(fittedViewport, 2, anchor);
    expect(view.zoom).toBe(2);
    // Stage point under the anchor before: (200, 100); after: (anchor - offset) / zoom.
    expect((anchor.x - view.offsetX) / view.zoom).toBeCloseTo(200);
    expect((anchor.y - view.offsetY) / view.zoom).toBeCloseTo(100);
  });

  it('stays between the zoom limits and recentres when zoomed fully out', () => {
    const zoomedIn = zoomAround(fittedViewport, 100, { x: 0, y: 0 });
    expect(zoomedIn.zoom).toBe(zoomLimits.maximum);
    const panned = panBy(zoomAround(fittedViewport, 2, { x: 10, y: 10 }), 30, -20);
    expect(zoomAround(panned, 0.01, { x: 0, y: 0 })).toEqual(fittedViewport);
  });

  it('zooms in on wheel up and out on wheel down', () => {
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100)).toBeLessThan(1);
    expect(wheelZoomFactor(-10000)).toBe(wheelZoomFactor(-100));
  });
});
