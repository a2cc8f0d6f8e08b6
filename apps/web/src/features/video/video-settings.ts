/**
 * The two kinds of before/after video and their numbers (docs/product.md, Videos): Simple is a
 * wipe at 800×600 for 3 s; Social is sized for one platform and lasts 4 s. Both run at 30 fps.
 */
export const socialPlatforms = ['instagram', 'tiktok', 'youtube', 'twitter', 'facebook'] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];

export type VideoChoice = { type: 'simple' } | { type: 'social'; platform: SocialPlatform };

export interface VideoPreset {
  width: number;
  height: number;
  durationSeconds: number;
  framesPerSecond: number;
  /** Target bits per second for the encoder. */
  bitrate: number;
}

export const framesPerSecond = 30;

export const simplePreset: VideoPreset = {
  width: 800,
  height: 600,
  durationSeconds: 3,
  framesPerSecond,
  bitrate: 1_500_000,
};

const socialSizes: Record<SocialPlatform, { width: number; height: number }> = {
  instagram: { width: 1080, height: 1080 },
  tiktok: { width: 1080, height: 1920 },
  youtube: { width: 1920, height: 1080 },
  twitter: { width: 1280, height: 720 },
  facebook: { width: 1280, height: 720 },
};

/** Platform names are brands: the same in every language. */
export const platformNames: Record<SocialPlatform, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
};

export function presetFor(choice: VideoChoice): VideoPreset {
  if (choice.type === 'simple') return simplePreset;
  return {
    ...socialSizes[choice.platform],
    durationSeconds: 4,
    framesPerSecond,
    bitrate: choice.platform === 'tiktok' ? 2_000_000 : 1_500_000,
  };
}

export function frameCountOf(preset: VideoPreset): number {
  return Math.round(preset.durationSeconds * preset.framesPerSecond);
}

/** "facelift-tiktok-1a2b3c4d.mp4": says where the file is meant to go and which result it shows. */
export function videoFileName(choice: VideoChoice, resultId: string, extension: string): string {
  const kind = choice.type === 'simple' ? 'before-after' : choice.platform;
  const shortId = resultId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 8) || 'video';
  return `facelift-${kind}-${shortId}.${extension}`;
}
