/**
 * "Select all similar": two repeats side by side on one floor that overlap are not both
 * windows (docs/decisions/281-select-all-similar-overlapping-neighbours.md). The grid places
 * its crossings at the example's size and the later steps fit each floor and column to its
 * own frames; a crossing placed over a window's shutter leaf and the wall beside it then
 * overlaps the window's own repeat by a few pixels (cmp_b0007's bays, cmp_b0010's top floor).
 * Of two such repeats the one more like the example stays (decision 131's likeness), the
 * example always.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { likenessTo } from './repeat-likeness.ts';

/**
 * Two repeats are side by side when their heights overlap by at least this share of the
 * shorter: a window over another (a stacked sash, decision 263) shares less of its height.
 */
const sideBySide = 0.5;

/** The repeats (the example first, always kept) less the weaker of each overlapping pair side by side. */
export function dropOverlappingNeighbours(image: FacadeImage, repeats: Rectangle[]): Rectangle[] {
  const example = repeats[0];
  if (!example) return repeats;
  const partners = overlappingPartners(repeats);
  if (partners.size === 0) return repeats;
  const likeness = likenessTo(image, example);
  const involved = [...partners.keys()].map((index) => ({
    index,
    likeness: index === 0 ? Number.POSITIVE_INFINITY : likeness(repeats[index] as Rectangle),
  }));
  // The likest first (the earlier of equals): each stays unless a partner already stayed.
  involved.sort((a, b) => b.likeness - a.likeness || a.index - b.index);
  const kept = new Set<number>();
  const dropped = new Set<number>();
  for (const { index } of involved) {
    if ([...(partners.get(index) as Set<number>)].some((partner) => kept.has(partner))) dropped.add(index);
    else kept.add(index);
  }
  return repeats.filter((_, index) => !dropped.has(index));
}

/** For each repeat overlapping another side by side, the indices of those it overlaps. */
function overlappingPartners(repeats: readonly Rectangle[]): Map<number, Set<number>> {
  const order = repeats
    .map((_, index) => index)
    .sort((a, b) => (repeats[a] as Rectangle).left - (repeats[b] as Rectangle).left);
  const partners = new Map<number, Set<number>>();
  const link = (a: number, b: number) => {
    const set = partners.get(a) ?? new Set<number>();
    set.add(b);
    partners.set(a, set);
  };
  for (let at = 0; at < order.length; at++) {
    const first = repeats[order[at] as number] as Rectangle;
    // Sorted by left side: only the next ones starting before this one ends can overlap it.
    for (let next = at + 1; next < order.length; next++) {
      const second = repeats[order[next] as number] as Rectangle;
      if (second.left > first.right) break;
      const shared = Math.min(first.bottom, second.bottom) - Math.max(first.top, second.top) + 1;
      const shorter = Math.min(first.bottom - first.top + 1, second.bottom - second.top + 1);
      if (shared < sideBySide * shorter) continue;
      link(order[at] as number, order[next] as number);
      link(order[next] as number, order[at] as number);
    }
  }
  return partners;
}
