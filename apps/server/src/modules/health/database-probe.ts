/**
 * Whether the database answers, asked at most once per `maxAgeMs`: health checks arriving
 * together share one ping, and a result younger than `maxAgeMs` is answered at once, without a
 * query or a promise. The ping was most of a health check's own work
 * (docs/decisions/120-lean-request-path.md); a load balancer polls every few seconds, so a
 * quarter-second-old answer is as good as a fresh one. A database that stops answering is
 * reported within `maxAgeMs` plus the ping's own timeout.
 */
export class DatabaseProbe {
  private last: { reachable: boolean; at: number } | null = null;
  private pending: Promise<boolean> | null = null;

  constructor(
    /** Resolves true when the database answered in time, false otherwise; never rejects. */
    private readonly ping: () => Promise<boolean>,
    private readonly maxAgeMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The last result if it is recent enough, or the (shared) ping under way. */
  reachable(): boolean | Promise<boolean> {
    const now = this.clock();
    if (this.last && now - this.last.at < this.maxAgeMs) return this.last.reachable;
    if (!this.pending) {
      this.pending = this.ping().then((reachable) => {
        // Dated from when the ping was sent: a slow answer is not trusted for longer.
        this.last = { reachable, at: now };
        this.pending = null;
        return reachable;
      });
    }
    return this.pending;
  }
}
