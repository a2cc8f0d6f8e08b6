import { canEncodeVideo } from 'mediabunny';
import { avcCodecString } from './avc-codec.ts';
import type { VideoPreset } from './video-settings.ts';

/** How a video is made: WebCodecs in a worker (MP4 or WebM), or MediaRecorder on the page (WebM). */
export type VideoFormat =
  | {
      kind: 'webcodecs';
      container: 'mp4' | 'webm';
      codec: 'avc' | 'vp9' | 'vp8';
      /** The exact codec string, for H.264 the level chosen for the size. */
      codecString?: string;
      mimeType: string;
      extension: 'mp4' | 'webm';
    }
  | { kind: 'recorder'; mimeType: string; extension: 'webm' };

function hasWebCodecs(): boolean {
  return (
    typeof VideoEncoder !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof Worker !== 'undefined'
  );
}

function recorderMimeType(): string | null {
  if (
    typeof MediaRecorder === 'undefined' ||
    typeof HTMLCanvasElement.prototype.captureStream !== 'function'
  ) {
    return null;
  }
  const candidates = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'];
  return candidates.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/**
 * The best format this browser can make (docs/decisions/060-video-creator.md): MP4/H.264 first,
 * because Instagram and TikTok refuse WebM; then WebM with VP9, then VP8; then MediaRecorder
 * WebM where WebCodecs is missing. Null when the browser can make no video at all.
 */
export async function chooseVideoFormat(preset: VideoPreset): Promise<VideoFormat | null> {
  if (hasWebCodecs()) {
    const size = {
      width: preset.width,
      height: preset.height,
      bitrate: preset.bitrate,
      frameRate: preset.framesPerSecond,
    };
    const avc = avcCodecString(preset.width, preset.height, preset.framesPerSecond, preset.bitrate);
    if (await canEncodeVideo('avc', { ...size, fullCodecString: avc })) {
      return {
        kind: 'webcodecs',
        container: 'mp4',
        codec: 'avc',
        codecString: avc,
        mimeType: 'video/mp4',
        extension: 'mp4',
      };
    }
    for (const codec of ['vp9', 'vp8'] as const) {
      if (await canEncodeVideo(codec, size)) {
        return { kind: 'webcodecs', container: 'webm', codec, mimeType: 'video/webm', extension: 'webm' };
      }
    }
  }
  const mimeType = recorderMimeType();
  return mimeType ? { kind: 'recorder', mimeType, extension: 'webm' } : null;
}
