import type { VideoScene } from './video-frames.ts';

/** What the page asks the encoding worker for: one video of the scene, in the chosen codec. */
export interface EncodeRequest {
  scene: VideoScene;
  container: 'mp4' | 'webm';
  codec: 'avc' | 'vp9' | 'vp8';
  codecString?: string;
  bitrate: number;
  before: ImageBitmap;
  after: ImageBitmap;
}

export type EncodeResponse =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; buffer: ArrayBuffer }
  | { type: 'failed'; message: string };
