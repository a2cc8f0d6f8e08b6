import { describe, expect, it } from 'vitest';
import { balconyMisfits, glass, iron, render, renderFacadeWindows } from './drawn-balconies.ts';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// The drawn facade every test here starts from: three floors × four dark windows on a render.
const width = 440;
const height = 400;
const windows = renderFacadeWindows([30, 150, 270]);
const windowAt = (x: number, y: number) => windows.find((box) => isInside(box, x, y));

describe('balconies of the whole photo: railing and slab', () => {
  // Three floors × four dark windows on a render. In front of the middle floor's windows'
  // lower part runs a balcony across the facade: iron bars (2 of every 7 pixels) under an
  // iron handrail, about 4 superpixel sizes high as on street photos, and under them the slab
  // (with its corbels, as the CMP labels count it) of the render's own stone, two thirds as
  // deep as the railing, its underside in shade. The slab is as light as the wall: a wall
  // click's surface takes it unless the balcony is found as a whole.
  const railing: Rectangle = { left: 20, top: 206, right: 419, bottom: 235 };
  const slab: Rectangle = { left: 20, top: 236, right: 419, bottom: 256 };
  const isBalcony = (x: number, y: number) => isInside(railing, x, y) || isInside(slab, x, y);
  const photo = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    if (isInside(railing, x, y) && (x % 7 < 2 || y - railing.top < 4)) return shade(iron, 1, grain);
    if (isInside(slab, x, y)) return shade(render, slab.bottom - y < 4 ? 0.6 : 1.03, grain);
    if (windowAt(x, y)) return shade(glass, 1, grain);
    return shade(render, 1 - 0.06 * (y / height), grain);
  });
  const click = { x: 120, y: 340 };

  it('finds the balcony once per photo, from its handrail down to the slab underside', () => {
    const image = prepareFacadeImage(photo);
    const found = image.balconyOpenings.filter((box) => box.right - box.left > 300);
    expect(found).toHaveLength(1);
    const [balcony] = found as [Rectangle];
    expect(balconyMisfits(balcony, railing, slab.bottom)).toEqual([]);
  });

  it('a wall click leaves out the bars, the handrail and the slab, and keeps the wall', () => {
    const image = prepareFacadeImage(photo);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(slab, x, y))).toBeLessThan(0.1);
    expect(shareSelected(selection, isBalcony)).toBeLessThan(0.05);
    expect(shareSelected(selection, (x, y) => !windowAt(x, y) && !isBalcony(x, y))).toBeGreaterThan(0.9);
  });

  it('without it (balconyEdge 0) the wall click takes the slab', () => {
    const image = prepareFacadeImage(photo, { tuning: { balconyEdge: 0 } });
    expect(image.balconyOpenings).toHaveLength(0);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(slab, x, y))).toBeGreaterThan(0.5);
  });

  it('finds no balcony in windows behind dense grilles: no handrail or slab line runs along them', () => {
    const plain = makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 4);
      const window = windowAt(x, y);
      if (window && (x - window.left) % 6 < 2) return shade(iron, 1, grain);
      if (window) return shade(glass, 1, grain);
      return shade(render, 1 - 0.06 * (y / height), grain);
    });
    expect(prepareFacadeImage(plain).balconyOpenings).toEqual([]);
  });
});

describe('balconies of the whole photo: a fainter balcony beside an outlined one on its floor', () => {
  // The render facade above, its middle floor with two balconies over two windows each, both
  // on the same slab with a deep shadow under it. The left one has an iron handrail; the right
  // one's bars are lighter and have no handrail (bars on a light render, as on cmp_b0002): its
  // top line is under the 3 × the photo's mean row edge a lone balcony needs
  // (docs/decisions/183-balcony-partners-on-a-floor.md).
  const outlined: Rectangle = { left: 25, top: 206, right: 200, bottom: 235 };
  const faint: Rectangle = { left: 235, top: 206, right: 410, bottom: 235 };
  const slabUnder = (railing: Rectangle): Rectangle => ({ ...railing, top: 236, bottom: 256 });
  const slabs = [slabUnder(outlined), slabUnder(faint)];
  const photo = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    if (isInside(outlined, x, y) && (x % 7 < 2 || y - outlined.top < 4)) return shade(iron, 1, grain);
    if (isInside(faint, x, y) && x % 7 < 2) return shade(render, 0.6, grain);
    const slab = slabs.find((box) => isInside(box, x, y));
    if (slab) return shade(render, slab.bottom - y < 4 ? 0.05 : 1.03, grain);
    if (windowAt(x, y)) return shade(glass, 1, grain);
    return shade(render, 1 - 0.06 * (y / height), grain);
  });
  const click = { x: 120, y: 340 };
  const faintSlab = slabUnder(faint);

  it('keeps the fainter balcony: it shares the outlined one’s handrail and slab lines', () => {
    const image = prepareFacadeImage(photo);
    const found = image.balconyOpenings.find((box) => box.left > 220);
    expect(found).toBeDefined();
    const balcony = found as Rectangle;
    expect(balconyMisfits(balcony, faint, faintSlab.bottom)).toEqual([]);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(faintSlab, x, y))).toBeLessThan(0.05);
  });

  it('without partners (balconyPartnerOutline 0) the fainter one is missed and the wall takes its slab’s underside', () => {
    // Without decision 220's completion too: a cut completed down its sides (the faint bars are
    // vertical edges) reaches the slab's dark underside and leaves it out of the wall.
    const image = prepareFacadeImage(photo, { tuning: { balconyPartnerOutline: 0, completionSide: 0 } });
    expect(image.balconyOpenings.filter((box) => box.left > 220)).toEqual([]);
    const selection = selectFacadeElement(image, click, 'surface');
    // The slab's shaded underside (a fifth of it) joins the wall.
    expect(shareSelected(selection, (x, y) => isInside(faintSlab, x, y))).toBeGreaterThan(0.15);
  });
});

describe('balconies of the whole photo: three fainter balconies along one floor', () => {
  // The render facade above, its middle floor with three balconies of light bars without a
  // handrail, each on a slab with a deep shadow under it: none is outlined as strongly as a
  // lone balcony must be, but the three share their handrail and slab lines
  // (docs/decisions/184-balcony-peers-on-a-floor.md).
  const railings: Rectangle[] = [
    { left: 20, top: 206, right: 130, bottom: 235 },
    { left: 160, top: 206, right: 280, bottom: 235 },
    { left: 310, top: 206, right: 420, bottom: 235 },
  ];
  const slabs = railings.map((railing) => ({ ...railing, top: 236, bottom: 256 }));
  const photo = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    if (railings.some((railing) => isInside(railing, x, y)) && x % 7 < 2) return shade(render, 0.6, grain);
    const slab = slabs.find((box) => isInside(box, x, y));
    if (slab) return shade(render, slab.bottom - y < 4 ? 0.05 : 1.03, grain);
    if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
    return shade(render, 1 - 0.06 * (y / height), grain);
  });
  const click = { x: 120, y: 340 };
  const onSlab = (x: number, y: number) => slabs.some((slab) => isInside(slab, x, y));

  it('keeps all three: each has two more on its floor', () => {
    const image = prepareFacadeImage(photo);
    slabs.forEach((slab, at) => {
      const railing = railings[at] as Rectangle;
      const found = image.balconyOpenings.find((box) => box.left < railing.right && box.right > railing.left);
      expect(found).toBeDefined();
      const balcony = found as Rectangle;
      expect(balconyMisfits(balcony, railing, slab.bottom, 8)).toEqual([]);
    });
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, onSlab)).toBeLessThan(0.05);
  });

  it('without peers (balconyPartnerPeers 0) none is found and the wall takes the slabs’ undersides', () => {
    // The three are 30 px apart, within decision 205's reach for pieces of one railing: off too.
    // Decision 530 reads these railings beside the French windows' feet: off for the former path.
    const image = prepareFacadeImage(photo, {
      tuning: { balconyPartnerPeers: 0, balconyJoinReach: 0, balconyBesideWindowBusier: 0 },
    });
    expect(image.balconyOpenings).toEqual([]);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, onSlab)).toBeGreaterThan(0.15);
  });
});

describe('balconies of the whole photo: one railing in two pieces', () => {
  // The render facade above, its middle floor with one balcony of light bars without a
  // handrail across the facade, on a slab with a deep shadow under it. Over 28 px of the
  // second window's glass the bars do not show: the railing is found as two pieces 25 px
  // (about 3 superpixel sizes) apart, each too faint for a lone balcony, with no outlined
  // partner and no third piece on the floor (docs/decisions/205-balcony-pieces-joined.md;
  // cmp_b0006's middle balconies).
  const railing: Rectangle = { left: 20, top: 206, right: 419, bottom: 235 };
  const hidden: Rectangle = { left: 150, top: 206, right: 177, bottom: 235 };
  const slab: Rectangle = { left: 20, top: 236, right: 419, bottom: 256 };
  const photo = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    if (isInside(hidden, x, y)) return shade(glass, 1, grain);
    if (isInside(railing, x, y) && x % 7 < 2) return shade(render, 0.6, grain);
    if (isInside(slab, x, y)) return shade(render, slab.bottom - y < 4 ? 0.05 : 1.03, grain);
    if (windowAt(x, y)) return shade(glass, 1, grain);
    return shade(render, 1 - 0.06 * (y / height), grain);
  });
  const click = { x: 120, y: 340 };
  const underGap: Rectangle = { ...slab, left: hidden.left, right: hidden.right };

  it('keeps both pieces and the gap between them, down to the slab', () => {
    const image = prepareFacadeImage(photo);
    for (const x of [60, hidden.left + 12, 300]) {
      expect(image.balconyOpenings.some((box) => isInside(box, x, 240))).toBe(true);
    }
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(slab, x, y))).toBeLessThan(0.05);
    expect(shareSelected(selection, (x, y) => isInside(underGap, x, y))).toBeLessThan(0.05);
  });

  it('without joining (balconyJoinReach 0) neither piece is found and the wall takes the slab’s underside', () => {
    const image = prepareFacadeImage(photo, { tuning: { balconyJoinReach: 0 } });
    expect(image.balconyOpenings).toEqual([]);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(slab, x, y))).toBeGreaterThan(0.15);
  });
});

describe('a wall click: the balcony enclosed under a window', () => {
  // The render facade above; on the middle floor each window's lower third is a French
  // balcony's front: painted railing and plant pots, mid-grey green, neither the wall's colour
  // nor dark like the glass, a little wider than the window. The opening found is the glass
  // above it; the balcony is a piece the wall encloses
  // (docs/decisions/206-enclosed-balconies-under-openings.md).
  const paint: Colour = [118, 132, 112];
  const balconies: Rectangle[] = windows
    .filter((box) => box.top === 150)
    .map((box) => ({ left: box.left - 4, top: 206, right: box.right + 4, bottom: 239 }));
  const isBalcony = (x: number, y: number) => balconies.some((box) => isInside(box, x, y));
  const photo = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    if (isBalcony(x, y)) return shade(paint, (x + y) % 5 < 2 ? 0.8 : 1, grain);
    if (windowAt(x, y)) return shade(glass, 1, grain);
    return shade(render, 1 - 0.06 * (y / height), grain);
  });
  const click = { x: 120, y: 340 };

  it('leaves the balconies out and keeps the wall', () => {
    const selection = selectFacadeElement(prepareFacadeImage(photo), click, 'surface');
    expect(shareSelected(selection, isBalcony)).toBeLessThan(0.2);
    expect(shareSelected(selection, (x, y) => !windowAt(x, y) && !isBalcony(x, y))).toBeGreaterThan(0.9);
  });

  it('without it (underOpeningReach 0) the wall takes them', () => {
    // Decision 530 reads the railing beside the window's foot and cuts it: off for the former path.
    const image = prepareFacadeImage(photo, {
      tuning: { underOpeningReach: 0, balconyBesideWindowBusier: 0 },
    });
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, isBalcony)).toBeGreaterThan(0.5);
  });
});
