import type { ProjectEvent } from '@facelift/shared';

export interface SseConnection {
  status: number;
  contentType: string | null;
  /**
   * Resolves with the first event (from now or already received) matching `predicate`; with
   * `since` (a `received()` count), only among the events received after that point.
   */
  next(
    predicate: (event: ProjectEvent) => boolean,
    timeoutMs?: number,
    since?: number,
  ): Promise<ProjectEvent>;
  /** How many events the stream has received so far. */
  received(): number;
  close(): void;
}

/** Opens an SSE stream with fetch and parses its `data:` lines as ProjectEvents. */
export async function openEventStream(url: string, cookie?: string): Promise<SseConnection> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    signal: controller.signal,
  });
  const received: ProjectEvent[] = [];
  const waiters = new Set<() => void>();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let boundary = buffer.indexOf('\n\n');
          while (boundary >= 0) {
            const block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (data) received.push(JSON.parse(data) as ProjectEvent);
            boundary = buffer.indexOf('\n\n');
          }
          for (const wake of waiters) wake();
        }
      } catch {
        // aborted
      }
    })();
  } else {
    await response.body?.cancel();
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    next(predicate, timeoutMs = 5000, since = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.slice(since).find(predicate);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    received: () => received.length,
    close() {
      controller.abort();
    },
  };
}
