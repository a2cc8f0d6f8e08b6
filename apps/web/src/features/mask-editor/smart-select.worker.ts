/**
 * Runs smart select off the main thread: preparing a 1.5 MP photo takes about a second and
 * would freeze painting. Keeps the prepared photo between clicks and reports progress.
 */
import type { SmartSelectRequest, SmartSelectResponse } from './smart-select-client.ts';
import { createSmartSelectSession } from './smart-select-session.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<SmartSelectRequest>) => void) | null;
  postMessage(message: SmartSelectResponse, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const session = createSmartSelectSession();

scope.onmessage = (event) => {
  const request = event.data;
  try {
    if (request.type === 'prepare') {
      let reported = -1;
      session.prepare(request.pixels, (done) => {
        // A message per whole percent at most: enough for a progress bar.
        const percent = Math.floor(done * 100);
        if (percent === reported) return;
        reported = percent;
        scope.postMessage({ id: request.id, type: 'progress', done });
      });
      scope.postMessage({ id: request.id, type: 'prepared' });
      return;
    }
    const answer =
      request.type === 'select'
        ? session.select(request.point, request.query)
        : session.selectAllSimilar(request.query);
    const transfer = [answer?.remove?.data.buffer, answer?.add?.data.buffer].filter(
      (buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer,
    );
    scope.postMessage({ id: request.id, type: 'selected', answer }, transfer);
  } catch (error) {
    scope.postMessage({ id: request.id, type: 'failed', message: String(error) });
  }
};
