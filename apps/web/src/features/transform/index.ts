/** The transform feature's public surface: the app composes these, other features import from here only. */
export { AreaEditor } from './components/area-editor.tsx';
export { ComparisonView, type ComparisonViewProps } from './components/comparison-view.tsx';
export { TransformControls } from './components/transform-controls.tsx';
export { TransformResultArea } from './components/transform-result-area.tsx';
export { TransformWorkspaceProvider, useTransformWorkspace } from './transform-workspace-context.tsx';
