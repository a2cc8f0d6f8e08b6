/**
 * Makes the video off the main thread: frames drawn on an OffscreenCanvas, encoded with
 * WebCodecs and muxed by mediabunny, faster than real time (docs/decisions/060-video-creator.md).
 */
import { BufferTarget, CanvasSource, Mp4OutputFormat, Output, Quality, WebMOutputFormat } from 'mediabunny';
import type { EncodeRequest, EncodeResponse } from './video-encoding-protocol.ts';
import { drawFrame, prepareLayers } from './video-frames.ts';

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
  for (let frame = 0; frame < scene.frameCount; frame += 1) {
    drawFrame(context, layers, scene, frame);
    // Awaiting respects the encoder's back-pressure, so memory stays flat.
    await source.add(frame * frameDuration, frameDuration);
    // The last few percent are the encoder's flush and the muxing in finalize().
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
