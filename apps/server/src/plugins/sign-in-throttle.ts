/**
 * Slows down password guessing against one account without locking its owner out
 * (docs/decisions/023-sign-in-limits.md). Failed sign-ins are counted per account across all
 * addresses; past `freeFailures` in the window, each further attempt on that account waits
 * `stepMs` more per extra failure, up to `maxDelayMs`, and then goes through: the owner's right
 * password still signs in, a few seconds late. Hard 429s stay per address and per address +
 * account, where they stop an attacker, not the owner.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly options: { freeFailures: number; windowMs: number; stepMs: number; maxDelayMs: number },
  ) {}

  /** How long the next attempt on `account` waits. */
  delayFor(account: string, now = Date.now()): number {
    const recent = this.recentFailures(account, now);
    const excess = recent.length - this.options.freeFailures;
    return excess <= 0 ? 0 : Math.min(excess * this.options.stepMs, this.options.maxDelayMs);
  }

  recordFailure(account: string, now = Date.now()): void {
    const recent = this.recentFailures(account, now);
    recent.push(now);
    this.failures.set(account, recent);
    // Keeps memory bounded by the accounts attacked within one window.
    if (this.failures.size > 10_000) this.forgetOld(now);
  }

  recordSuccess(account: string): void {
    this.failures.delete(account);
  }

  private recentFailures(account: string, now: number): number[] {
    const since = now - this.options.windowMs;
    return (this.failures.get(account) ?? []).filter((time) => time > since);
  }

  private forgetOld(now: number): void {
    for (const [account, times] of this.failures) {
      if (!times.some((time) => time > now - this.options.windowMs)) this.failures.delete(account);
    }
  }
}
