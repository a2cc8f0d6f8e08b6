export * from './app.ts';
export * from './errors.ts';
export * from './health.schemas.ts';
export * from './mask/index.ts';
