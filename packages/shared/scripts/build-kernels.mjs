/**
 * Compiles the project's WebAssembly kernels from their text format into TypeScript modules
 * holding the bytes as base64, so that the server and the browser import them like any other
 * source file and no build step is needed to run either. Run after editing a .wat:
 * `npm run build:kernels -w @facelift/shared`; the kernels' test fails while they differ.
 */
import { readFile, writeFile } from 'node:fs/promises';
import wabt from 'wabt';

const root = new URL('../../../', import.meta.url);
/** Each kernel: its .wat, and the name its bytes are exported under from <name>.wasm.ts beside it. */
export const kernels = [
  { wat: 'packages/shared/src/recolour/paint-kernel.wat', exportName: 'paintKernelWasm' },
  { wat: 'apps/server/src/engines/thumbnail-kernel.wat', exportName: 'thumbnailKernelWasm' },
];

/** The module's bytes, base64. */
export async function compileKernel(wat) {
  const module = (await wabt()).parseWat(wat, await readFile(new URL(wat, root), 'utf8'));
  module.validate();
  return Buffer.from(module.toBinary({}).buffer).toString('base64');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { wat, exportName } of kernels) {
    const base64 = await compileKernel(wat);
    const target = wat.replace(/\.wat$/, '.wasm.ts');
    await writeFile(
      new URL(target, root),
      `// Generated from ${wat.split('/').pop()} by packages/shared/scripts/build-kernels.mjs: do not edit.\nexport const ${exportName} =\n  '${base64}';\n`,
    );
    console.log(`${target}: ${Buffer.from(base64, 'base64').length} bytes of WebAssembly`);
  }
}
