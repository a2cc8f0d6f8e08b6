import { config, z } from 'zod';

/*
 * Every schema of this package imports zod from here, so this runs before any schema is built.
 * Zod 4 probes whether it may compile validators with `new Function` when it builds an object
 * schema; under the web app's Content-Security-Policy (no 'unsafe-eval',
 * docs/decisions/110-security-matrix.md) the probe is refused and every page load filed a CSP
 * violation report. The browser validates few, small answers, so there zod compiles nothing and
 * never probes; the server, where no CSP applies, keeps compiled validators. `config`, not
 * `z.config`: the web build declares calls on `z` pure and would drop this one
 * (apps/web/vite.config.ts).
 */
if ('document' in globalThis) config({ jitless: true });

export { z };
