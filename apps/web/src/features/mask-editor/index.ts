export { MaskEditor, type MaskEditorHandle, type MaskEditorProps } from './components/mask-editor.tsx';
export type { MaskTarget } from './mask-layers.ts';
