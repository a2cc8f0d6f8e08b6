/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

// Every source file of the package but the tests, as text: what the web and the server bundle
// may reach. Test support under src (the drawn-*.ts facades) counts as product code here.
const sources = import.meta.glob<string>(['./**/*.ts', '!./**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Whether a source names the test runner in any import form: `import … from`, `export … from`,
 * a side-effect `import 'vitest'` (which a `from` alone missed), `import('vitest')` and
 * `require('vitest')`, subpaths and backticks.
 */
function importsTestRunner(text: string): boolean {
  // A comment may stand before the name in a dynamic import; the name may be a subpath
  // (`vitest/config`) and in any quotes, backticks too.
  return /(?:\bfrom|\bimport|\brequire(?:\.resolve)?)\s*\(?\s*(?:\/\*.*?\*\/\s*)?['"`](?:vitest|@vitest\/[^'"`]+)(?:\/[^'"`]*)?['"`]/.test(
    text,
  );
}

describe('the shared package outside its tests', () => {
  it('imports no test runner, so no bundle can pull one in', () => {
    const withTestRunner = Object.entries(sources)
      .filter(([, text]) => importsTestRunner(text))
      .map(([path]) => path);
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(withTestRunner).toEqual([]);
  });

  it('sees the test runner in every import form, side effects and dynamic imports too', () => {
    const forms = [
      "import { expect } from 'vitest';",
      'import "vitest";',
      "import '@vitest/expect';",
      "export * from 'vitest';",
      "const runner = await import('vitest');",
      "const runner = require('@vitest/spy');",
      "import { defineConfig } from 'vitest/config';",
      'const runner = await import(`vitest`);',
      "const runner = await import(/* @vite-ignore */ 'vitest');",
      "const where = require.resolve('vitest');",
    ];
    expect(forms.filter((text) => !importsTestRunner(text))).toEqual([]);
    // Another package whose name starts the same, and the word in prose, are not the runner.
    expect(importsTestRunner("import { x } from 'vitest-extras';")).toBe(false);
    expect(importsTestRunner('// tests run under vitest')).toBe(false);
  });
});
