export * from './project-values.ts';
export * from './projects.schemas.ts';
