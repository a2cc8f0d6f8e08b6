import type { PortableMigration } from '../migrator.ts';

/** Every migration, in order. Names sort by their numeric prefix. */
export const migrations: Record<string, PortableMigration> = {};
