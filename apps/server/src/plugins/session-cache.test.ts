import { describe, expect, it } from 'vitest';
import { readCookie, SessionCache } from './session-cache.ts';

describe('SessionCache', () => {
  it('answers a confirmed session until its time is up, never past the session expiry', () => {
    const cache = new SessionCache<string>(10_000);
    cache.set('token-a', 'ada', 1_000_000, 0);
    cache.set('token-b', 'bob', 5_000, 0);
    expect(cache.get('token-a', 9_999)).toBe('ada');
    expect(cache.get('token-a', 10_000)).toBeUndefined();
    expect(cache.get('token-b', 4_999)).toBe('bob');
    expect(cache.get('token-b', 5_000)).toBeUndefined();
    expect(cache.get('token-c', 0)).toBeUndefined();
  });

  it('forgets everything when cleared and when full', () => {
    const cache = new SessionCache<string>(10_000, 2);
    cache.set('a', 'ada', Number.POSITIVE_INFINITY, 0);
    cache.clear();
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('a', 'ada', Number.POSITIVE_INFINITY, 0);
    cache.set('b', 'bob', Number.POSITIVE_INFINITY, 0);
    cache.set('c', 'cy', Number.POSITIVE_INFINITY, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe('cy');
  });
});

describe('readCookie', () => {
  it('finds one cookie by its exact name', () => {
    const header = 'theme=dark; better-auth.session_token=abc.def%3D; x=1';
    expect(readCookie(header, 'better-auth.session_token')).toBe('abc.def%3D');
    expect(readCookie(header, 'session_token')).toBeNull();
    expect(readCookie(undefined, 'x')).toBeNull();
  });
});
