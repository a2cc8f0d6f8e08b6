import type { VideoScene } from './video-frames.ts';

/** What the page asks the encoding worker for: one video of the scene, in the chosen codec. */
export interface EncodeRequest {
  type: 'encode';
  scene: VideoScene;
  container: 'mp4' | 'webm';
  codec: 'avc' | 'vp9' | 'vp8';
  codecString?: string;
  bitrate: number;
  before: ImageBitmap;
  after: ImageBitmap;
}

/** A MediaRecorder recording to copy into a WebM with a duration and a seek index. */
export interface RemuxRequest {
  type: 'remux';
  recording: Blob;
}

export type WorkerRequest = EncodeRequest | RemuxRequest;

export type EncodeResponse =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; buffer: ArrayBuffer }
  | { type: 'failed'; message: string };
