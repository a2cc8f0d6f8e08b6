import { describe, expect, it } from 'vitest';
import { type Colour, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, selectFacadeElement } from './facade-select.ts';

const stone: Colour = [140, 122, 98];
const whiteStone: Colour = [238, 236, 230];
const overcast: Colour = [236, 236, 234];
const asphalt: Colour = [70, 70, 74];

describe('a wall whose top storey runs off the top of the photo (decision 309)', () => {
  // A tan stone wall under a cornice's shadow line, asphalt below, and above the cornice either
  // a top storey of white stone with fine mouldings (relief within every superpixel) that runs
  // off the top edge, or a smooth pale overcast sky of the same colour. The white is too light
  // for the wall's colour limit and of its hue.
  const width = 320;
  const height = 320;
  const topBottom = 44;
  const corniceBottom = 50;
  const streetTop = 290;
  const draw = (top: (x: number, y: number, grain: number) => Colour) =>
    makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 6);
      if (y < topBottom) return top(x, y, grain);
      if (y < corniceBottom) return shade(stone, 0.45, grain / 2);
      if (y >= streetTop) return shade(asphalt, 1, grain);
      return shade(stone, 1, grain);
    });
  const topStorey = draw((_x, y, grain) => shade(whiteStone, y % 5 < 2 ? 0.8 : 1, grain));
  const sky = draw((_x, y, grain) => shade(overcast, 1 - 0.001 * y, grain / 6));
  const isTop = (_x: number, y: number) => y < topBottom - 3;
  const isWall = (_x: number, y: number) => y >= corniceBottom + 3 && y < streetTop - 3;
  const click = { x: 160, y: 170 };

  it('one click on the wall takes the top storey with its relief', () => {
    const selection = selectFacadeElement(prepareFacadeImage(topStorey), click, 'surface');
    expect(shareSelected(selection, isWall)).toBeGreaterThan(0.9);
    expect(shareSelected(selection, isTop)).toBeGreaterThan(0.9);
  });

  it('left out without the rule (what the rule changes)', () => {
    const image = prepareFacadeImage(topStorey, { tuning: { topPieceRelief: 0 } });
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, isWall)).toBeGreaterThan(0.9);
    expect(shareSelected(selection, isTop)).toBeLessThan(0.1);
  });

  it('a smooth overcast sky of the same colour stays out', () => {
    const selection = selectFacadeElement(prepareFacadeImage(sky), click, 'surface');
    expect(shareSelected(selection, isWall)).toBeGreaterThan(0.9);
    expect(shareSelected(selection, isTop)).toBeLessThan(0.05);
  });
});
