/**
 * Grouping helpers shared by the steps of "select all similar" that treat repeats by floor
 * and column (docs/decisions/059, 130, 131): sizes, alignment and the floor check.
 */

/** Indices grouped into bands: sorted positions closer than `gap` to the previous one join its band. */
export function bands(positions: number[], gap: number): number[][] {
  const order = positions
    .map((position, index) => ({ position, index }))
    .sort((a, b) => a.position - b.position);
  const groups: number[][] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const { position, index } of order) {
    if (position - previous > gap || groups.length === 0) groups.push([]);
    (groups[groups.length - 1] as number[]).push(index);
    previous = position;
  }
  return groups;
}

/** At most `count` of `items`, evenly spread (all of them when there are no more). */
export function spreadOut(items: number[], count: number): number[] {
  if (items.length <= count) return items;
  return Array.from(
    { length: count },
    (_, at) => items[Math.round((at * (items.length - 1)) / (count - 1))] as number,
  );
}

/** The median, on whole pixels: of an even count, the two middle values' mean rounded. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 === 1
    ? (sorted[Math.floor(middle)] as number)
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}
