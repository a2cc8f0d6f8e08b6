/**
 * Makes the video off the main thread: frames drawn on an OffscreenCanvas, encoded with
 * WebCodecs and muxed by mediabunny, faster than real time (docs/decisions/060-video-creator.md).
 */
import { BufferTarget, CanvasSource, Mp4OutputFormat, Output, Quality, WebMOutputFormat } from 'mediabunny';
import type { EncodeRequest, EncodeResponse } from './video-encoding-protocol.ts';
import { drawFrame, prepareLayers, wipeProgress } from './video-frames.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<EncodeRequest>) => void) | null;
  postMessage(message: EncodeResponse, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

async function encode(request: EncodeRequest): Promise<ArrayBuffer> {
  const { scene } = request;
  const canvas = new OffscreenCanvas(scene.width, scene.height);
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) throw new Error('2D canvas is not available in the worker');
  const layers = prepareLayers(scene, request.before, request.after);
  request.before.close();
  request.after.close();

  const target = new BufferTarget();
  const output = new Output({
    // In-memory fast start puts the index first, so players start before the whole file arrives.
    format:
      request.container === 'mp4' ? new Mp4OutputFormat({ fastStart: 'in-memory' }) : new WebMOutputFormat(),
    target,
  });
  const source = new CanvasSource(canvas, {
    codec: request.codec,
    quality: new Quality({ bitrate: request.bitrate }),
    ...(request.codecString ? { fullCodecString: request.codecString } : {}),
  });
  output.addVideoTrack(source, { frameRate: scene.framesPerSecond });
  await output.start();
  const frameDuration = 1 / scene.framesPerSecond;
  let drawnProgress = Number.NaN;
  for (let frame = 0; frame < scene.frameCount; frame += 1) {
    // While a picture holds, the canvas already shows the frame: no need to draw it again.
    const progress = wipeProgress(scene, frame);
    if (progress !== drawnProgress) {
      drawFrame(context, layers, scene, frame);
      drawnProgress = progress;
    }
    // Awaiting respects the encoder's back-pressure, so memory stays flat.
    await source.add(frame * frameDuration, frameDuration);
    // Every fourth frame is often enough for a smooth bar; the page re-renders on each message.
    // The last few percent are the encoder's flush and the muxing in finalize().
    if (frame % 4 === 3)
      scope.postMessage({ type: 'progress', fraction: ((frame + 1) / scene.frameCount) * 0.95 });
  }
  await output.finalize();
  if (!target.buffer) throw new Error('The muxer produced no file');
  return target.buffer;
}

scope.onmessage = (event) => {
  encode(event.data).then(
    (buffer) => scope.postMessage({ type: 'done', buffer }, [buffer]),
    (error: unknown) => scope.postMessage({ type: 'failed', message: String(error) }),
  );
};
