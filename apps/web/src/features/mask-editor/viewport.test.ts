import { describe, expect, it } from 'vitest';
import { fittedViewport, panBy, revealPoint, wheelZoomFactor, zoomAround, zoomLimits } from './viewport.ts';

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

  it('pans a zoomed view just enough to bring a point inside the margin, and leaves a visible point alone', () => {
    const box = { width: 400, height: 300 };
    const origin = { x: 0, y: 0 };
    const zoomed = { zoom: 4, offsetX: 0, offsetY: 0 };
    // The point (300, 200) of the photo is at (1200, 800) on screen: far right and below.
    const shown = revealPoint(zoomed, { x: 300, y: 200 }, origin, box, 40);
    expect(shown.zoom).toBe(4);
    expect(origin.x + shown.offsetX + 300 * 4).toBe(400 - 40);
    expect(origin.y + shown.offsetY + 200 * 4).toBe(300 - 40);
    // Already inside: unchanged (the same object, no re-render).
    expect(revealPoint(zoomed, { x: 50, y: 50 }, origin, box, 40)).toBe(zoomed);
    // Left of the view: brought to the left margin; the stage's own origin counts.
    const panned = { zoom: 2, offsetX: -500, offsetY: 0 };
    const back = revealPoint(panned, { x: 100, y: 50 }, { x: 20, y: 0 }, box, 40);
    expect(20 + back.offsetX + 100 * 2).toBe(40);
  });
});
