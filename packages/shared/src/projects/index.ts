export * from './projects.schemas.ts';
