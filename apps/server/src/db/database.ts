/**
 * Table types for Kysely. Each module's migration adds its tables here.
 * Timestamps are ISO-8601 strings on both dialects (see dialect.ts).
 */
// biome-ignore lint/complexity/noBannedTypes: tables are added by later migrations
export type Database = {};
