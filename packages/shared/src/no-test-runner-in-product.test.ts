/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

// Every source file of the package but the tests, as text: what the web and the server bundle
// may reach. Test support under src (the drawn-*.ts facades) counts as product code here.
const sources = import.meta.glob<string>(['./**/*.ts', '!./**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the shared package outside its tests', () => {
  it('imports no test runner, so no bundle can pull one in', () => {
    const importsTestRunner = Object.entries(sources)
      .filter(([, text]) => /from\s+['"](vitest|@vitest\/[^'"]+)['"]/.test(text))
      .map(([path]) => path);
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(importsTestRunner).toEqual([]);
  });
});
