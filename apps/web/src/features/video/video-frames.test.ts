import { describe, expect, it } from 'vitest';
import { fitPicture, type VideoScene, wipeProgress } from './video-frames.ts';

const scene: VideoScene = {
  width: 800,
  height: 600,
  framesPerSecond: 30,
  frameCount: 90,
  holdSeconds: 0.5,
  labels: { before: 'Before', after: 'After' },
  title: '',
  subtitle: '',
  watermark: null,
  siteBadge: null,
};

describe('fitPicture', () => {
  it('covers when little is cropped: a 3:2 photo in a 4:3 or 16:9 frame', () => {
    expect(fitPicture({ width: 1536, height: 1024 }, { width: 800, height: 600 })).toMatchObject({
      mode: 'cover',
      height: 600,
    });
    const wide = fitPicture({ width: 1536, height: 1024 }, { width: 1920, height: 1080 });
    expect(wide.mode).toBe('cover');
    expect(wide.width).toBe(1920);
    expect(wide.height).toBe(1280);
    expect(wide.y).toBe(-100);
  });

  it('letterboxes when a cover would cut away much: a 3:2 photo in a square or 9:16 frame', () => {
    expect(fitPicture({ width: 1536, height: 1024 }, { width: 1080, height: 1080 })).toEqual({
      mode: 'contain',
      x: 0,
      y: 180,
      width: 1080,
      height: 720,
    });
    const tall = fitPicture({ width: 1536, height: 1024 }, { width: 1080, height: 1920 });
    expect(tall.mode).toBe('contain');
    expect(tall.width / tall.height).toBeCloseTo(1.5);
  });
});

describe('wipeProgress', () => {
  it('holds before, wipes, holds after, and is half way in the middle frame', () => {
    expect(wipeProgress(scene, 0)).toBe(0);
    expect(wipeProgress(scene, 15)).toBe(0);
    expect(wipeProgress(scene, 45)).toBe(0.5);
    expect(wipeProgress(scene, 30)).toBeLessThan(0.5);
    expect(wipeProgress(scene, 75)).toBe(1);
    expect(wipeProgress(scene, 89)).toBe(1);
  });
});
