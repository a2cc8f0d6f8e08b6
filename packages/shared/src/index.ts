export * from './accounts.schemas.ts';
export * from './app.ts';
export * from './directives/index.ts';
export * from './errors.ts';
export * from './health.schemas.ts';
export * from './mask/index.ts';
export * from './smart-select/index.ts';
