export * from './oklab-image.ts';
export * from './smart-select.ts';
