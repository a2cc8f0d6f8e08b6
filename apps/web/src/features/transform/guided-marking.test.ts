import { describe, expect, it } from 'vitest';
import { type GuidanceStore, takeFirstGuidance } from './guided-marking.ts';

function store(initial: Record<string, string> = {}): GuidanceStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

describe('takeFirstGuidance', () => {
  it('guides the first pick of each element once per session', () => {
    const session = store();
    expect(takeFirstGuidance('walls', session)).toBe(true);
    expect(takeFirstGuidance('walls', session)).toBe(false);
    expect(takeFirstGuidance('roof', session)).toBe(true);
    expect(takeFirstGuidance('roof', session)).toBe(false);
    expect(takeFirstGuidance('windowFrames', session)).toBe(true);
    expect(JSON.parse(session.data.get('facelift.guidedMarking') ?? '')).toEqual([
      'walls',
      'roof',
      'windowFrames',
    ]);
  });

  it('starts afresh from unreadable storage and still guides where storage refuses writes', () => {
    expect(takeFirstGuidance('walls', store({ 'facelift.guidedMarking': '{not json' }))).toBe(true);
    const refusing: GuidanceStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(takeFirstGuidance('doorFrames', refusing)).toBe(true);
    expect(takeFirstGuidance('walls', null)).toBe(false);
  });
});
