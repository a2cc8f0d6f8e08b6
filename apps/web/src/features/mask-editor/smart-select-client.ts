/**
 * The editor's side of smart select: a Web Worker when the browser has one, the same code on
 * the main thread otherwise (tests, very old browsers). Requests are answered in order.
 */
import type { Point, RgbaPixels } from '@facelift/shared';
import {
  createSmartSelectSession,
  type SmartSelectAnswer,
  type SmartSelectQuery,
} from './smart-select-session.ts';

export type { SmartSelectAnswer, SmartSelectQuery } from './smart-select-session.ts';

export type SmartSelectRequest =
  | { id: number; type: 'prepare'; pixels: RgbaPixels }
  | { id: number; type: 'select'; point: Point; query: SmartSelectQuery }
  | { id: number; type: 'selectAllSimilar'; query: SmartSelectQuery };

export type SmartSelectResponse =
  | { id: number; type: 'progress'; done: number }
  | { id: number; type: 'prepared' }
  | { id: number; type: 'selected'; answer: SmartSelectAnswer | null }
  | { id: number; type: 'failed'; message: string };

export interface SmartSelector {
  /** Analyses the photo once, reporting progress 0…1; clicks before it finishes wait for it. */
  prepare(pixels: RgbaPixels, onProgress?: (done: number) => void): Promise<void>;
  /** What a click at `point` (pixels of the prepared photo) changes on the layer. */
  select(point: Point, query: SmartSelectQuery): Promise<SmartSelectAnswer | null>;
  /** Every repeat of the last opening clicked, on the layer. */
  selectAllSimilar(query: SmartSelectQuery): Promise<SmartSelectAnswer | null>;
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
    {
      resolve(response: SmartSelectResponse): void;
      reject(error: Error): void;
      onProgress?: (done: number) => void;
    }
  >();
  worker.onmessage = (event: MessageEvent<SmartSelectResponse>) => {
    const pending = waiting.get(event.data.id);
    if (!pending) return;
    if (event.data.type === 'progress') {
      pending.onProgress?.(event.data.done);
      return;
    }
    waiting.delete(event.data.id);
    if (event.data.type === 'failed') pending.reject(new Error(event.data.message));
    else pending.resolve(event.data);
  };
  worker.onerror = (event) => {
    for (const pending of waiting.values()) pending.reject(new Error(event.message || 'Smart select failed'));
    waiting.clear();
  };
  const send = (
    request: SmartSelectRequest,
    transfer: Transferable[] = [],
    onProgress?: (done: number) => void,
  ) =>
    new Promise<SmartSelectResponse>((resolve, reject) => {
      waiting.set(request.id, { resolve, reject, onProgress });
      worker.postMessage(request, transfer);
    });
  const answerOf = (response: SmartSelectResponse) => {
    if (response.type !== 'selected') throw new Error('Smart select answered out of turn');
    return response.answer;
  };
  return {
    async prepare(pixels, onProgress) {
      await send({ id: nextId++, type: 'prepare', pixels }, [pixels.data.buffer], onProgress);
    },
    async select(point, query) {
      return answerOf(await send({ id: nextId++, type: 'select', point, query }));
    },
    async selectAllSimilar(query) {
      return answerOf(await send({ id: nextId++, type: 'selectAllSimilar', query }));
    },
    dispose() {
      worker.terminate();
      waiting.clear();
    },
  };
}

function createInlineSelector(): SmartSelector {
  const session = createSmartSelectSession();
  let prepared: Promise<void> | null = null;
  return {
    async prepare(pixels, onProgress) {
      prepared = Promise.resolve().then(() => session.prepare(pixels, onProgress));
      await prepared;
    },
    async select(point, query) {
      if (!prepared) throw new Error('Smart select has no photo yet');
      await prepared;
      return session.select(point, query);
    },
    async selectAllSimilar(query) {
      if (!prepared) throw new Error('Smart select has no photo yet');
      await prepared;
      return session.selectAllSimilar(query);
    },
    dispose() {
      prepared = null;
    },
  };
}
