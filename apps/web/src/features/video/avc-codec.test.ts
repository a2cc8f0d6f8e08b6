import { describe, expect, it } from 'vitest';
import { avcCodecString } from './avc-codec.ts';
import { presetFor, socialPlatforms } from './video-settings.ts';

describe('avcCodecString', () => {
  it('picks level 4.0 for 1080×1920 and 1920×1080 at 30 fps', () => {
    expect(avcCodecString(1080, 1920, 30, 2_000_000)).toBe('avc1.640028');
    expect(avcCodecString(1920, 1080, 30, 1_500_000)).toBe('avc1.640028');
  });

  it('picks 3.1 for 1280×720 and 800×600, 3.2 for 1080×1080', () => {
    expect(avcCodecString(1280, 720, 30, 1_500_000)).toBe('avc1.64001f');
    expect(avcCodecString(800, 600, 30, 1_500_000)).toBe('avc1.64001f');
    expect(avcCodecString(1080, 1080, 30, 1_500_000)).toBe('avc1.640020');
  });

  it('moves up a level when the frame rate needs it', () => {
    expect(avcCodecString(1920, 1080, 60, 1_500_000)).toBe('avc1.64002a');
  });

  it('has a level for every social platform', () => {
    for (const platform of socialPlatforms) {
      const preset = presetFor({ type: 'social', platform });
      expect(avcCodecString(preset.width, preset.height, preset.framesPerSecond, preset.bitrate)).toMatch(
        /^avc1\.6400[0-9a-f]{2}$/,
      );
    }
  });
});
