export * from './facade-select.ts';
export * from './oklab-image.ts';
export * from './opening-detector.ts';
export * from './rectangles.ts';
export * from './similar-and-frames.ts';
export * from './smart-select.ts';
export * from './superpixels.ts';
