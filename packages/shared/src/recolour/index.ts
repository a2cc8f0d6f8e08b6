export * from './oklab-recolour.ts';
