/* Runs along a row or a column, shared by the per-photo detectors (balconies, ground floor). */

/** Runs of positions below `count` where `isSet` holds, gaps up to `bridge` long bridged. */
export function runsOf(
  isSet: (at: number) => boolean,
  count: number,
  bridge: number,
): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let start = -1;
  let last = -1;
  for (let at = 0; at < count; at++) {
    if (!isSet(at)) continue;
    if (start >= 0 && at - last - 1 > bridge) {
      runs.push([start, last]);
      start = at;
    }
    if (start < 0) start = at;
    last = at;
  }
  if (start >= 0) runs.push([start, last]);
  return runs;
}
