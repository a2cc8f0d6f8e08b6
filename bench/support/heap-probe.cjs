// Loaded into the server by `npm run load` only (node --expose-gc --require this file): on
// SIGWINCH (ignored by default, and not one of the shutdown signals close-with-grace listens to;
// SIGUSR2 is) it runs a full garbage collection and writes the heap figures to HEAP_PROBE_FILE,
// so the load run can tell a leak (live heap that keeps growing after a full collection) from
// garbage not yet collected or native memory (docs/decisions/112-load-run.md).
const { writeFileSync } = require('node:fs');

const file = process.env.HEAP_PROBE_FILE;
if (file && typeof global.gc === 'function') {
  process.on('SIGWINCH', () => {
    global.gc();
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    writeFileSync(file, JSON.stringify({ rss, heapUsed, external, arrayBuffers, at: Date.now() }));
  });
}
