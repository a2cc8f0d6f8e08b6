import type { EncodeResponse, WorkerRequest } from './video-encoding-protocol.ts';
import { chooseVideoFormat, type VideoFormat } from './video-format.ts';
import { contextOf, drawFrame, prepareLayers, type VideoScene } from './video-frames.ts';
import { frameCountOf, type VideoChoice, type VideoPreset } from './video-settings.ts';

/** Why a video could not be made: a picture did not load, or the browser can make no video. */
export class VideoError extends Error {
  constructor(
    readonly reason: 'image' | 'unsupported',
    message: string,
  ) {
    super(message);
    this.name = 'VideoError';
  }
}

export interface MadeVideo {
  blob: Blob;
  format: VideoFormat;
}

export interface SceneTexts {
  labels: { before: string; after: string };
  title: string;
  subtitle: string;
  watermark: string | null;
  siteBadge: string | null;
}

export function buildScene(choice: VideoChoice, preset: VideoPreset, texts: SceneTexts): VideoScene {
  return {
    width: preset.width,
    height: preset.height,
    framesPerSecond: preset.framesPerSecond,
    frameCount: frameCountOf(preset),
    // A beat on each picture before and after the wipe: half a second in 3 s, one second in 4 s.
    holdSeconds: choice.type === 'simple' ? 0.5 : 1,
    ...texts,
  };
}

function abortError(): DOMException {
  return new DOMException('The video was cancelled', 'AbortError');
}

async function loadPicture(url: string, signal: AbortSignal): Promise<ImageBitmap> {
  try {
    const response = await fetch(url, { credentials: 'same-origin', signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await createImageBitmap(await response.blob());
  } catch (error) {
    if (signal.aborted) throw abortError();
    throw new VideoError('image', `Failed to load image: ${String(error)}`);
  }
}

// Vite bundles each worker from these literal `new Worker(new URL(...))` expressions.
function startEncoderWorker(): Worker {
  return new Worker(new URL('./video-encoder.worker.ts', import.meta.url), {
    type: 'module',
    name: 'video-encoder',
  });
}
function startRemuxWorker(): Worker {
  return new Worker(new URL('./video-remux.worker.ts', import.meta.url), {
    type: 'module',
    name: 'video-remux',
  });
}

/** Runs one request in a fresh worker; aborting terminates the worker. */
function runInWorker(
  startWorker: () => Worker,
  request: WorkerRequest,
  transfer: Transferable[],
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const worker = startWorker();
    const stop = () => {
      // Terminating drops the encoder and every frame in flight at once: cancel is immediate.
      worker.terminate();
      reject(abortError());
    };
    signal.addEventListener('abort', stop, { once: true });
    const finish = () => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<EncodeResponse>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress(message.fraction);
      else if (message.type === 'done') {
        finish();
        resolve(message.buffer);
      } else {
        finish();
        reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'The video worker failed'));
    };
    worker.postMessage(request, transfer);
  });
}

function waitFor(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(resolve, milliseconds);
    signal.addEventListener(
      'abort',
      () => {
        window.clearTimeout(timer);
        reject(abortError());
      },
      { once: true },
    );
  });
}

/** Where WebCodecs is missing: play the frames in real time into a MediaRecorder (WebM). */
async function recordOnPage(
  scene: VideoScene,
  pictures: { before: ImageBitmap; after: ImageBitmap },
  mimeType: string,
  bitrate: number,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = scene.width;
  canvas.height = scene.height;
  const context = contextOf(canvas);
  const layers = prepareLayers(scene, pictures.before, pictures.after);
  const stream = canvas.captureStream(0);
  const [track] = stream.getVideoTracks() as CanvasCaptureMediaStreamTrack[];
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: bitrate });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopped = new Promise<void>((resolve, reject) => {
    recorder.onstop = () => resolve();
    recorder.onerror = (event) => reject(new Error(`Recorder error: ${String((event as ErrorEvent).error)}`));
  });
  recorder.start();
  try {
    // The recorder timestamps frames by the clock, so the frame drawn follows the clock too:
    // timers run late on a busy machine, and a late wipe would otherwise stretch the video.
    const start = performance.now();
    const durationMilliseconds = (scene.frameCount / scene.framesPerSecond) * 1000;
    let drawnFrame = -1;
    for (;;) {
      const elapsed = performance.now() - start;
      const frame = Math.min(scene.frameCount - 1, Math.floor((elapsed / 1000) * scene.framesPerSecond));
      if (frame !== drawnFrame) {
        drawFrame(context, layers, scene, frame);
        track?.requestFrame();
        drawnFrame = frame;
        onProgress((frame + 1) / scene.frameCount);
      }
      if (elapsed >= durationMilliseconds) break;
      await waitFor(1000 / scene.framesPerSecond / 2, signal);
    }
  } finally {
    recorder.stop();
    for (const streamTrack of stream.getTracks()) streamTrack.stop();
  }
  await stopped;
  const recording = new Blob(chunks, { type: mimeType });
  // MediaRecorder's WebM has no duration or seek index; the worker copies it into one that has.
  const indexed = await runInWorker(startRemuxWorker, { type: 'remux', recording }, [], () => {}, signal);
  return new Blob([indexed], { type: 'video/webm' });
}

export interface MakeVideoOptions {
  beforeUrl: string;
  afterUrl: string;
  choice: VideoChoice;
  preset: VideoPreset;
  texts: SceneTexts;
  onProgress(fraction: number): void;
  signal: AbortSignal;
}

/** Makes the before/after video in the best format the browser has (see chooseVideoFormat). */
export async function makeVideo(options: MakeVideoOptions): Promise<MadeVideo> {
  const { preset, signal } = options;
  const format = await chooseVideoFormat(preset);
  if (!format) throw new VideoError('unsupported', 'This browser can encode no video format');
  const [before, after] = await Promise.all([
    loadPicture(options.beforeUrl, signal),
    loadPicture(options.afterUrl, signal),
  ]);
  if (signal.aborted) throw abortError();
  const scene = buildScene(options.choice, preset, options.texts);
  if (format.kind === 'recorder') {
    const blob = await recordOnPage(
      scene,
      { before, after },
      format.mimeType,
      preset.bitrate,
      options.onProgress,
      signal,
    );
    return { blob, format };
  }
  const buffer = await runInWorker(
    startEncoderWorker,
    {
      type: 'encode',
      scene,
      container: format.container,
      codec: format.codec,
      ...(format.codecString ? { codecString: format.codecString } : {}),
      bitrate: preset.bitrate,
      before,
      after,
    },
    [before, after],
    options.onProgress,
    signal,
  );
  return { blob: new Blob([buffer], { type: format.mimeType }), format };
}
