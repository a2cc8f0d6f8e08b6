/**
 * Runs smart select off the main thread: preparing a 1.5 MP photo takes a few hundred
 * milliseconds and would freeze painting. Keeps the prepared photo between clicks.
 */
import { prepareSmartSelectImage, type SmartSelectImage, selectSimilarArea } from '@facelift/shared';
import type { SmartSelectRequest, SmartSelectResponse } from './smart-select-client.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<SmartSelectRequest>) => void) | null;
  postMessage(message: SmartSelectResponse, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
let image: SmartSelectImage | null = null;

scope.onmessage = (event) => {
  const request = event.data;
  try {
    if (request.type === 'prepare') {
      image = prepareSmartSelectImage(request.pixels);
      scope.postMessage({ id: request.id, type: 'prepared' });
      return;
    }
    if (!image) throw new Error('Smart select has no photo yet');
    const selection = selectSimilarArea(image, request.point, { tolerance: request.tolerance });
    scope.postMessage({ id: request.id, type: 'selected', selection }, [selection.data.buffer]);
  } catch (error) {
    scope.postMessage({ id: request.id, type: 'failed', message: String(error) });
  }
};
