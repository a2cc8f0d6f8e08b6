/**
 * Balconies stacked over each other on a facade are built alike: the same railing on the same
 * slab and corbels, floor after floor, the same length. Where one floor's balcony is found with
 * less of itself than the floors above and below it, it takes what they show.
 *
 * - **Depth** (docs/decisions/323-stacked-balconies-alike-in-depth.md): a balcony takes the shade
 *   its slab casts, where its corbels stand, only where that shade is darker than the wall under
 *   it (decision 239). Over a ground floor of dark shop fronts no shade can be read (cmp_b0012's
 *   lowest floor), and its corbels stay in the wall. Such a balcony takes the depth (handrail to
 *   shade's foot) of a balcony stacked over or under it whose shade was taken, when its own rows
 *   down to there are in the shade too: darker than the wall right above its handrail.
 * - **Ends** (docs/decisions/324-stacked-balconies-alike-in-length.md): a floor-long balcony
 *   is often found short of its ends (cmp_b0012: the railing's ends before shutters, its handrail
 *   fading). Where the floor-long balconies stacked over and under it (at least two) reach further,
 *   its run of pieces goes on to where they end (the middle of their ends).
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';

export interface BalconyStackTuning {
  /** A balcony stacked over or under another overlaps at least this share of its width (0: never). */
  depthShare: number;
  /** …its railing (handrail to slab) as high within this share… */
  depthRail: number;
  /** …and its own rows down to the depth taken at least this much darker than the wall above it. */
  depthDarker: number;
  /** Runs of a floor stacked alike overlap each other by at least this share of the wider (0: never)… */
  endsShare: number;
  /** …at least this many of them… */
  endsPeers: number;
  /** …and a run goes on by at most this share of its width each way. */
  endsReach: number;
}

/** Mean OKLab lightness (× 100) of the rows from `from` to `to` over the columns of `box`. */
function meanLightness(image: FacadeImage, from: number, to: number, box: Rectangle): number {
  let sum = 0;
  for (let y = from; y <= to; y++) {
    const row = y * image.width;
    for (let x = box.left; x <= box.right; x++) sum += image.lab[(row + x) * 3] as number;
  }
  return sum / ((to - from + 1) * (box.right - box.left + 1));
}

/**
 * `shaded` (each balcony of `railings` as it was grown over its shade) with the depth of balconies
 * stacked alike: a balcony whose shade was not taken takes the depth of the deepest balcony on
 * another floor (`isSameFloor` false) overlapping `depthShare` of its width, with a railing as high
 * within `depthRail` and its shade taken, when its own rows down to there are on average at least
 * `depthDarker` darker than the `size` rows above its handrail.
 */
export function stackedDepths(
  image: FacadeImage,
  railings: readonly Rectangle[],
  shaded: readonly Rectangle[],
  isSameFloor: (a: Rectangle, b: Rectangle) => boolean,
  tuning: BalconyStackTuning,
  size: number,
): Rectangle[] {
  if (tuning.depthShare <= 0) return [...shaded];
  return shaded.map((own, at) => {
    const box = railings[at] as Rectangle;
    if (own.bottom > box.bottom) return own;
    const rail = box.bottom - box.top + 1;
    const width = box.right - box.left + 1;
    let bottom = own.bottom;
    shaded.forEach((peer, other) => {
      const peerRailing = railings[other] as Rectangle;
      if (other === at || peer.bottom <= peerRailing.bottom || isSameFloor(peerRailing, box)) return;
      if (Math.abs(peerRailing.bottom - peerRailing.top + 1 - rail) > tuning.depthRail * rail) return;
      const overlap = Math.min(peer.right, box.right) - Math.max(peer.left, box.left) + 1;
      if (overlap < tuning.depthShare * width) return;
      const depth = Math.min(image.height - 1, box.top + peer.bottom - peerRailing.top);
      if (depth <= bottom) return;
      const above = Math.max(0, box.top - Math.max(1, Math.round(size)));
      if (above >= box.top) return;
      const wall = meanLightness(image, above, box.top - 1, box);
      if (wall - meanLightness(image, box.bottom + 1, depth, box) < tuning.depthDarker) return;
      bottom = depth;
    });
    return bottom === own.bottom ? own : { ...own, bottom };
  });
}

interface Run {
  /** The balconies of the run (indices into the list). */
  members: number[];
  left: number;
  right: number;
  top: number;
}

/**
 * The ends `balconies` go on to: each floor's runs of pieces (on one floor, at most `gap` apart)
 * with at least `endsPeers` runs of other floors stacked alike (overlapping each other by
 * `endsShare` of the wider) go on to the middle of those runs' left and right ends, at most
 * `endsReach` × their width each way, each end piece's rows copied. Only the added boxes.
 */
export function stackedEnds(
  balconies: readonly Rectangle[],
  isSameFloor: (a: Rectangle, b: Rectangle) => boolean,
  tuning: BalconyStackTuning,
  gap: number,
): Rectangle[] {
  if (tuning.endsShare <= 0) return [];
  const runs: Run[] = [];
  const byLeft = balconies
    .map((_, at) => at)
    .sort((a, b) => (balconies[a] as Rectangle).left - (balconies[b] as Rectangle).left);
  for (const at of byLeft) {
    const box = balconies[at] as Rectangle;
    const run = runs.find(
      (candidate) =>
        isSameFloor(balconies[candidate.members[0] as number] as Rectangle, box) &&
        box.left <= candidate.right + gap,
    );
    if (run) {
      run.members.push(at);
      run.right = Math.max(run.right, box.right);
    } else runs.push({ members: [at], left: box.left, right: box.right, top: box.top });
  }
  const middle = (values: number[]) =>
    values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] as number;
  const added: Rectangle[] = [];
  for (const run of runs) {
    const width = run.right - run.left + 1;
    const first = balconies[run.members[0] as number] as Rectangle;
    const peers = runs.filter((other) => {
      if (other === run || isSameFloor(balconies[other.members[0] as number] as Rectangle, first))
        return false;
      const overlap = Math.min(other.right, run.right) - Math.max(other.left, run.left) + 1;
      return overlap >= tuning.endsShare * Math.max(width, other.right - other.left + 1);
    });
    if (peers.length < Math.max(1, tuning.endsPeers)) continue;
    const left = middle(peers.map((peer) => peer.left));
    const right = middle(peers.map((peer) => peer.right));
    const pieces = run.members.map((at) => balconies[at] as Rectangle);
    const leftmost = pieces.reduce((a, b) => (b.left < a.left ? b : a));
    const rightmost = pieces.reduce((a, b) => (b.right > a.right ? b : a));
    if (left < leftmost.left && leftmost.left - left <= tuning.endsReach * width)
      added.push({ ...leftmost, left, right: leftmost.left });
    if (right > rightmost.right && right - rightmost.right <= tuning.endsReach * width)
      added.push({ ...rightmost, left: rightmost.right, right });
  }
  return added;
}
