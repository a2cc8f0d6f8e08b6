import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';

// A roof balustrade against the sky: three runs of stone balusters (5 pixels wide every 8, the
// gaps between them in shade) between posts two pitches wide, and a post as wide at each end,
// under a coping and over a plinth, on the cornice over a stone facade with two floors of
// windows. The CMP labels take the balustrade whole, its end posts too
// (docs/decisions/506-balustrade-end-posts.md).
const stone: Colour = [214, 204, 184];
const gapShade: Colour = [186, 177, 160];
const glass: Colour = [70, 78, 90];
const cornice: Colour = [120, 114, 104];
const sky: Colour = [150, 190, 235];
const runs: Rectangle[] = [40, 248, 456].map((left) => ({ left, top: 40, right: left + 191, bottom: 63 }));
const endPosts: Rectangle[] = [24, 648].map((left) => ({ left, top: 40, right: left + 15, bottom: 63 }));
const balustrade: Rectangle = { left: 24, top: 32, right: 663, bottom: 71 };
const windows: Rectangle[] = [120, 260].flatMap((top) =>
  [80, 240, 400, 560].map((left) => ({ left, top, right: left + 79, bottom: top + 99 })),
);
const photo = makeImage(800, 400, (x, y) => {
  const grain = noise(x, y, 4);
  if (y < 72 && !isInside(balustrade, x, y)) return shade(sky, 1, grain);
  if (runs.some((run) => isInside(run, x, y)) && x % 8 >= 5) return shade(gapShade, 1, grain);
  if (y >= 72 && y <= 75) return shade(cornice, 1, grain);
  if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  return shade(stone, 1 - 0.05 * (y / 400), grain);
});
const prepared = (tuning: Partial<FacadeTuning> = {}) => prepareFacadeImage(photo, { tuning });
const inEndPosts = (x: number, y: number) => endPosts.some((post) => isInside(post, x, y));

describe('a balustrade between its end posts', () => {
  it('reaches over its end posts, as wide as its posts between', () => {
    const image = prepared();
    const band = image.balustrades.find((box) => box.top < 64 && box.bottom > 40);
    expect(band).toBeDefined();
    expect((band as Rectangle).left).toBeLessThanOrEqual(28);
    expect((band as Rectangle).right).toBeGreaterThanOrEqual(659);
    expect(shareSelected(selectFacadeElement(image, { x: 200, y: 240 }, 'surface'), inEndPosts)).toBeLessThan(
      0.2,
    );
  });

  it('left them to the wall without it (balustradeEndPost 0)', () => {
    const image = prepared({ balustradeEndPost: 0 });
    const band = image.balustrades.find((box) => box.top < 64 && box.bottom > 40);
    expect((band as Rectangle).left).toBeGreaterThanOrEqual(36);
    expect(
      shareSelected(selectFacadeElement(image, { x: 200, y: 240 }, 'surface'), inEndPosts),
    ).toBeGreaterThan(0.5);
  });
});
