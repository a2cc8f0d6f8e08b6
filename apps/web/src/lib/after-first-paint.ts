/**
 * Runs `load` once the browser is idle after the first paint (or after a short delay where
 * `requestIdleCallback` is missing), to fetch a chunk that is likely needed soon without
 * competing with the app shell (docs/decisions/108-app-shell-split.md). Returns a cancel
 * function, so it can be an effect's cleanup.
 */
export function afterFirstPaint(load: () => unknown): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => void load(), { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => void load(), 200);
  return () => window.clearTimeout(handle);
}
