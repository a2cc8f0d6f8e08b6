import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations.
import { compileKernel, kernels } from '../../../../packages/shared/scripts/build-kernels.mjs';
import { paintKernelWasm } from '../../../../packages/shared/src/recolour/paint-kernel.wasm.ts';
import { thumbnailKernelWasm } from './thumbnail-kernel.wasm.ts';

// Here rather than beside the paint kernel: packages/shared has no Node API to read the source with.
describe('the WebAssembly kernels', () => {
  it('are the committed builds of their .wat (run `npm run build:kernels -w @facelift/shared` after editing one)', async () => {
    const committed: Record<string, string> = { paintKernelWasm, thumbnailKernelWasm };
    for (const { wat, exportName } of kernels as { wat: string; exportName: string }[]) {
      expect(await compileKernel(wat), wat).toBe(committed[exportName]);
    }
  });
});
