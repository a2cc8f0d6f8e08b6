import { afterEach, describe, expect, it } from 'vitest';
import { maxRecentColours, readRecentColours, withRecentColour } from './recent-colours.ts';

describe('recent colours', () => {
  afterEach(() => localStorage.clear());

  it('puts the newest first, once, and keeps at most eight', () => {
    let colours = withRecentColour([], '#111111');
    colours = withRecentColour(colours, '#222222');
    colours = withRecentColour(colours, '#111111');
    expect(colours).toEqual(['#111111', '#222222']);
    for (let index = 0; index < 12; index++)
      colours = withRecentColour(colours, `#0000${index.toString(16).padStart(2, '0')}`);
    expect(colours).toHaveLength(maxRecentColours);
    expect(colours[0]).toBe('#00000b');
  });

  it('reads only its own project and ignores anything malformed', () => {
    localStorage.setItem('facelift.recentColours.p1', JSON.stringify(['#abcdef', 'red', '#ABCDEF', 3]));
    localStorage.setItem('facelift.recentColours.p2', '{not json');
    expect(readRecentColours('p1')).toEqual(['#abcdef']);
    expect(readRecentColours('p2')).toEqual([]);
    expect(readRecentColours('p3')).toEqual([]);
  });
});
