/** The instant preview feature's public surface (docs/product.md, Studio and preview). */
export { PreviewCanvas, type PreviewCanvasProps } from './components/preview-canvas.tsx';
export { maskWeights, type PreviewPaint, paintPreview } from './preview-paint.ts';
