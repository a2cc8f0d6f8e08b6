/**
 * A wall click made inside one of its own cuts (docs/decisions/326-a-wall-click-inside-a-cut.md):
 * the user points at what they mean as wall, so the rectangle around the point is no opening.
 * It stays wall with what lies mostly inside it or close beside it in its colour (the pieces of
 * the same thing the detector cut apart) and with the cuts of its floor that are of its size and
 * look like it (the same niche, panel or relief repeated along the storey).
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';
import { likenessTo } from './repeat-likeness.ts';

export interface ClickedCutTuning {
  /** A cut this share of whose area lies inside a clicked cut goes with it (0: off). */
  inside: number;
  /** A cut of the clicked cut's floor within this share of its width and height… */
  size: number;
  /** …at least this like it (decision 131's likeness; above 1: none)… */
  likeness: number;
  /** …and within this of its mean colour (OKLab × 100, lightness counting fully) goes with it. */
  colour: number;
  /** A cut at most this many pixels from a clicked cut and within `colour` of it goes with it (0: none). */
  beside: number;
}

/** The mean OKLab colour of `rectangle`, read on a grid of at most about 400 pixels. */
function meanColour(image: FacadeImage, rectangle: Rectangle): [number, number, number] {
  const width = rectangle.right - rectangle.left + 1;
  const height = rectangle.bottom - rectangle.top + 1;
  const step = Math.max(1, Math.round(Math.sqrt((width * height) / 400)));
  const sum = [0, 0, 0];
  let count = 0;
  for (let y = Math.max(0, rectangle.top); y <= Math.min(image.height - 1, rectangle.bottom); y += step) {
    for (let x = Math.max(0, rectangle.left); x <= Math.min(image.width - 1, rectangle.right); x += step) {
      const at = (y * image.width + x) * 3;
      for (let channel = 0; channel < 3; channel++)
        sum[channel] = (sum[channel] as number) + (image.lab[at + channel] as number);
      count++;
    }
  }
  return [(sum[0] as number) / count, (sum[1] as number) / count, (sum[2] as number) / count];
}

/**
 * `cuts` less those holding the point (`x`, `y`) and those that go with them (see above).
 * `repeatable` tells which cuts may bring their likes along: not the ground floor's or the
 * balconies' (a click on a pier inside a shop front's cut says nothing of the next shop).
 */
export function withoutClickedCuts(
  image: FacadeImage,
  cuts: readonly Rectangle[],
  x: number,
  y: number,
  repeatable: (cut: Rectangle) => boolean,
  tuning: ClickedCutTuning,
): Rectangle[] {
  if (tuning.inside <= 0) return [...cuts];
  const clicked = cuts.filter((cut) => x >= cut.left && x <= cut.right && y >= cut.top && y <= cut.bottom);
  if (clicked.length === 0) return [...cuts];
  const dropped = new Set(clicked);
  for (const example of clicked) {
    if (!repeatable(example) || tuning.likeness > 1) continue;
    const exampleWidth = example.right - example.left + 1;
    const exampleHeight = example.bottom - example.top + 1;
    let likeness: ((rectangle: Rectangle) => number) | null = null;
    let colour: [number, number, number] | null = null;
    for (const cut of cuts) {
      if (dropped.has(cut)) continue;
      const width = cut.right - cut.left + 1;
      const height = cut.bottom - cut.top + 1;
      const rows = Math.min(cut.bottom, example.bottom) - Math.max(cut.top, example.top) + 1;
      const isAlike =
        Math.abs(width - exampleWidth) <= tuning.size * exampleWidth &&
        Math.abs(height - exampleHeight) <= tuning.size * exampleHeight &&
        rows >= 0.5 * Math.min(height, exampleHeight);
      if (!isAlike) continue;
      colour ??= meanColour(image, example);
      const [l, a, b] = meanColour(image, cut);
      const distance = Math.hypot(l - colour[0], a - colour[1], b - colour[2]);
      if (distance > tuning.colour) continue;
      likeness ??= likenessTo(image, example);
      if (likeness(cut) >= tuning.likeness) dropped.add(cut);
    }
  }
  // What lies close beside a clicked cut in its colour is more of the same thing, cut apart
  // at a branch or a moulding (a tree's crown, a frieze beside an attic's niche).
  if (tuning.beside > 0) {
    for (const example of clicked) {
      const colour = meanColour(image, example);
      for (const cut of cuts) {
        if (dropped.has(cut)) continue;
        const apartAcross = Math.max(cut.left - example.right, example.left - cut.right) - 1;
        const apartDown = Math.max(cut.top - example.bottom, example.top - cut.bottom) - 1;
        if (Math.max(apartAcross, apartDown) > tuning.beside) continue;
        const [l, a, b] = meanColour(image, cut);
        if (Math.hypot(l - colour[0], a - colour[1], b - colour[2]) <= tuning.colour) dropped.add(cut);
      }
    }
  }
  const around = [...dropped];
  return cuts.filter(
    (cut) =>
      !dropped.has(cut) &&
      !around.some((other) => overlapArea(cut, other) >= tuning.inside * rectangleArea(cut)),
  );
}
