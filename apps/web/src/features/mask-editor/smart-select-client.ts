/**
 * The editor's side of smart select: a Web Worker when the browser has one, the same code on
 * the main thread otherwise (tests, very old browsers). Requests are answered in order.
 */
import {
  type Bitmask,
  type Point,
  prepareSmartSelectImage,
  type RgbaPixels,
  type SmartSelectImage,
  selectSimilarArea,
} from '@facelift/shared';

export type SmartSelectRequest =
  | { id: number; type: 'prepare'; pixels: RgbaPixels }
  | { id: number; type: 'select'; point: Point; tolerance: number };

export type SmartSelectResponse =
  | { id: number; type: 'prepared' }
  | { id: number; type: 'selected'; selection: Bitmask }
  | { id: number; type: 'failed'; message: string };

export interface SmartSelector {
  /** Analyses the photo once; clicks before it finishes wait for it. */
  prepare(pixels: RgbaPixels): Promise<void>;
  /** The selection for a click at `point` (pixels of the prepared photo). */
  select(point: Point, tolerance: number): Promise<Bitmask>;
  dispose(): void;
}

export function createSmartSelector(): SmartSelector {
  if (typeof Worker === 'function') {
    try {
      return createWorkerSelector(
        new Worker(new URL('./smart-select.worker.ts', import.meta.url), {
          type: 'module',
          name: 'smart-select',
        }),
      );
    } catch {
      // A browser that refuses module workers still gets smart select, on the main thread.
    }
  }
  return createInlineSelector();
}

function createWorkerSelector(worker: Worker): SmartSelector {
  let nextId = 1;
  const waiting = new Map<
    number,
    { resolve(response: SmartSelectResponse): void; reject(error: Error): void }
  >();
  worker.onmessage = (event: MessageEvent<SmartSelectResponse>) => {
    const pending = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    if (!pending) return;
    if (event.data.type === 'failed') pending.reject(new Error(event.data.message));
    else pending.resolve(event.data);
  };
  worker.onerror = (event) => {
    for (const pending of waiting.values()) pending.reject(new Error(event.message || 'Smart select failed'));
    waiting.clear();
  };
  const send = (request: SmartSelectRequest, transfer: Transferable[] = []) =>
    new Promise<SmartSelectResponse>((resolve, reject) => {
      waiting.set(request.id, { resolve, reject });
      worker.postMessage(request, transfer);
    });
  return {
    async prepare(pixels) {
      await send({ id: nextId++, type: 'prepare', pixels }, [pixels.data.buffer]);
    },
    async select(point, tolerance) {
      const response = await send({ id: nextId++, type: 'select', point, tolerance });
      if (response.type !== 'selected') throw new Error('Smart select answered out of turn');
      return response.selection;
    },
    dispose() {
      worker.terminate();
      waiting.clear();
    },
  };
}

function createInlineSelector(): SmartSelector {
  let image: Promise<SmartSelectImage> | null = null;
  return {
    async prepare(pixels) {
      image = Promise.resolve().then(() => prepareSmartSelectImage(pixels));
      await image;
    },
    async select(point, tolerance) {
      if (!image) throw new Error('Smart select has no photo yet');
      return selectSimilarArea(await image, point, { tolerance });
    },
    dispose() {
      image = null;
    },
  };
}
