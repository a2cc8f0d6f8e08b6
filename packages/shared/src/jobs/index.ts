export * from './job-states.ts';
export * from './jobs.schemas.ts';
