/**
 * Copies a MediaRecorder recording into a new WebM on its own worker, so that the demuxing
 * code stays out of the encoder worker every WebCodecs video loads.
 */
import { BlobSource, BufferTarget, Conversion, Input, Output, WEBM, WebMOutputFormat } from 'mediabunny';
import type { EncodeResponse, RemuxRequest } from './video-encoding-protocol.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<RemuxRequest>) => void) | null;
  postMessage(message: EncodeResponse, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

/**
 * MediaRecorder writes WebM without a duration or seek index (players show no length and
 * cannot seek). Copying the packets into a new WebM (no re-encoding) adds both.
 */
async function remux(request: RemuxRequest): Promise<ArrayBuffer> {
  const input = new Input({ source: new BlobSource(request.recording), formats: [WEBM] });
  try {
    const target = new BufferTarget();
    const conversion = await Conversion.init({
      input,
      output: new Output({ format: new WebMOutputFormat(), target }),
    });
    await conversion.execute();
    if (!target.buffer) throw new Error('Re-muxing the recording produced no file');
    return target.buffer;
  } finally {
    input.dispose();
  }
}

scope.onmessage = (event) => {
  remux(event.data).then(
    (buffer) => scope.postMessage({ type: 'done', buffer }, [buffer]),
    (error: unknown) => scope.postMessage({ type: 'failed', message: String(error) }),
  );
};
