export * from './jobs.schemas.ts';
