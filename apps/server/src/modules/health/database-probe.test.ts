import { describe, expect, it } from 'vitest';
import { DatabaseProbe } from './database-probe.ts';

describe('DatabaseProbe', () => {
  it('shares one ping between checks that arrive together, then answers from it while it is recent', async () => {
    let now = 0;
    let pings = 0;
    let answer = true;
    const probe = new DatabaseProbe(
      async () => {
        pings += 1;
        return answer;
      },
      250,
      () => now,
    );
    const first = probe.reachable();
    const second = probe.reachable();
    expect(first).toBe(second);
    expect(await first).toBe(true);
    expect(pings).toBe(1);
    now = 249;
    expect(probe.reachable()).toBe(true);
    expect(pings).toBe(1);
    // Older than 250 ms: asked again, and an outage is told as such.
    answer = false;
    now = 250;
    expect(await probe.reachable()).toBe(false);
    expect(pings).toBe(2);
    expect(probe.reachable()).toBe(false);
    answer = true;
    now = 600;
    expect(await probe.reachable()).toBe(true);
    expect(pings).toBe(3);
  });

  it('dates a result from when its ping was sent, so a slow answer is trusted no longer', async () => {
    let now = 0;
    let release: (reachable: boolean) => void = () => undefined;
    const probe = new DatabaseProbe(
      () => new Promise<boolean>((resolve) => (release = resolve)),
      250,
      () => now,
    );
    const pending = probe.reachable();
    now = 240;
    release(true);
    expect(await pending).toBe(true);
    now = 260;
    expect(probe.reachable()).toBeInstanceOf(Promise);
  });
});
