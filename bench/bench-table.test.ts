import { describe, expect, it } from 'vitest';
import { cpuInTurns } from './bench-table.ts';

/** Stand-in works that say what they would cost in a round; `measure` reads that cost back. */
function fakeWorks(costs: ((round: number) => number)[]) {
  const calls: string[] = [];
  let measuredCount = 0;
  const works = costs.map((_cost, index) => () => {
    calls.push(String(index));
  });
  const measure = async (work: () => unknown) => {
    const round = Math.floor(measuredCount / works.length);
    measuredCount += 1;
    work();
    return (costs[works.indexOf(work as () => void)] as (round: number) => number)(round);
  };
  return { works, measure, calls };
}

describe('cpuInTurns (docs/decisions/261-recolour-row-in-rounds.md)', () => {
  it('throws the warm-up rounds away and rotates the order every round', async () => {
    const { works, measure, calls } = fakeWorks([() => 1, () => 2, () => 3]);
    const turns = await cpuInTurns(works, 2, 3, measure);
    expect(turns.medians).toEqual([1, 2, 3]);
    expect(calls).toEqual([
      // Two warm-up rounds, not measured.
      ...['0', '1', '2', '0', '1', '2'],
      ...['0', '1', '2'],
      ...['1', '2', '0'],
      ...['2', '0', '1'],
    ]);
  });

  it('takes each round’s own ratio, so a load that moves both pieces leaves it unchanged', async () => {
    const load = [1, 1.6, 0.8, 2.2, 1.1, 0.9, 1.3];
    // The second piece costs 1.4× the first under the same load; in one round (3) the first
    // piece alone caught a disturbance.
    const { works, measure } = fakeWorks([
      (round) => 100 * (load[round] ?? 1) * (round === 3 ? 1.5 : 1),
      (round) => 140 * (load[round] ?? 1),
    ]);
    const turns = await cpuInTurns(works, 1, load.length, measure);
    expect(turns.ratios[1]?.median).toBeCloseTo(1.4, 10);
    expect(turns.ratios[1]?.low).toBeCloseTo(1.4, 10);
    expect(turns.ratios[0]).toEqual({ median: 1, low: 1, high: 1 });
    expect(turns.medians[0]).toBeCloseTo(110, 10);
    expect(turns.medians[1]).toBeCloseTo(154, 10);
  });
});
