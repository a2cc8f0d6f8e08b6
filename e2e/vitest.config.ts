import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A browser reads the page while React may still be rendering: every read of the page's
    // state is an expect.poll, given the time a loaded two-core machine needs
    // (docs/decisions/125-e2e-waits-and-one-retry.md).
    expect: { poll: { timeout: 10_000 } },
    // One retry, shown as such in the report, so a rare timing fault on a loaded machine does
    // not stop everything landing; a test that fails twice fails the run.
    retry: 1,
    // One browser per file; two cores here, so keep it to two files at a time.
    maxWorkers: 2,
  },
});
