import { describe, expect, it } from 'vitest';
import { captionFor } from './components/upload-guide.tsx';
import { frameCountOf, presetFor, videoFileName } from './video-settings.ts';
import { socialGuideTexts } from './video-texts.ts';

describe('video presets', () => {
  it('are the product numbers: Simple 800×600 3 s; Social 4 s, 2 Mbps on TikTok, 1.5 Mbps elsewhere', () => {
    expect(presetFor({ type: 'simple' })).toMatchObject({ width: 800, height: 600, durationSeconds: 3 });
    expect(frameCountOf(presetFor({ type: 'simple' }))).toBe(90);
    expect(presetFor({ type: 'social', platform: 'tiktok' })).toMatchObject({
      width: 1080,
      height: 1920,
      durationSeconds: 4,
      bitrate: 2_000_000,
    });
    expect(presetFor({ type: 'social', platform: 'youtube' }).bitrate).toBe(1_500_000);
    expect(frameCountOf(presetFor({ type: 'social', platform: 'instagram' }))).toBe(120);
  });

  it('names files after the platform and the result', () => {
    expect(videoFileName({ type: 'social', platform: 'tiktok' }, '1a2b3c4d-5e6f', 'mp4')).toBe(
      'facelift-tiktok-1a2b3c4d.mp4',
    );
    expect(videoFileName({ type: 'simple' }, 'abc', 'webm')).toBe('facelift-before-after-abc.webm');
  });
});

describe('captionFor', () => {
  it('uses the title and subtitle when given, the platform caption otherwise, then the hashtags', () => {
    expect(captionFor(socialGuideTexts.en, 'twitter', 'Our new facade', 'Sage walls')).toBe(
      'Our new facade — Sage walls\n\n#beforeandafter #facade',
    );
    expect(captionFor(socialGuideTexts.en, 'twitter', '  ', '')).toBe(
      'Our facade, before and after.\n\n#beforeandafter #facade',
    );
    expect(captionFor(socialGuideTexts.fr, 'twitter', '', '')).toBe(
      'Notre façade, avant et après.\n\n#avantapres #facade',
    );
  });
});
