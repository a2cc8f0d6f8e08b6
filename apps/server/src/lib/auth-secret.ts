import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The secret that signs session cookies. Production sets AUTH_SECRET; an offline `npm start`
 * needs none, so one is generated once and kept (mode 600) in the data directory, and
 * sessions survive restarts.
 */
export function resolveAuthSecret(configured: string | undefined, dataDirectory: string): string {
  if (configured) return configured;
  const file = path.join(dataDirectory, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDirectory, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
