/**
 * Sessions better-auth recently confirmed, kept in memory for a few seconds so that a burst of
 * signed-in reads does not verify the cookie's signature and read the session table every
 * time: those two were most of a signed-in read's CPU (docs/decisions/102-request-path.md).
 *
 * Keyed by the exact session cookie value, so only a cookie better-auth itself accepted can
 * hit; rejected cookies are never cached. Entries live `ttlMs` at most and never past the
 * session's own expiry. The owner clears the cache whenever an auth request may end or change
 * a session (sign-out, revoke, password or e-mail change, account deletion), so on this
 * instance such a change is seen at once; another instance sees it within `ttlMs`.
 */
export interface CachedSession<User> {
  user: User;
  expiresAt: number;
}

export class SessionCache<User> {
  private readonly entries = new Map<string, CachedSession<User>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maximumEntries = 10_000,
  ) {}

  get(cookieValue: string, now = Date.now()): User | undefined {
    const entry = this.entries.get(cookieValue);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(cookieValue);
      return undefined;
    }
    return entry.user;
  }

  set(cookieValue: string, user: User, sessionExpiresAt: number, now = Date.now()): void {
    // A full cache starts over rather than tracking recency: refilling costs one lookup each.
    if (this.entries.size >= this.maximumEntries) this.entries.clear();
    this.entries.set(cookieValue, { user, expiresAt: Math.min(now + this.ttlMs, sessionExpiresAt) });
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The value of cookie `name` in a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}
