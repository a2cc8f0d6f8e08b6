/** The transform feature's public surface: the app composes these, other features import from here only. */
export { AreaEditor } from './components/area-editor.tsx';
export { ComparisonView, type ComparisonViewProps } from './components/comparison-view.tsx';
export { KeptLooks } from './components/kept-looks.tsx';
export { TransformActions, TransformDirectives } from './components/transform-controls.tsx';
export { TransformResultArea, TransformResultDetails } from './components/transform-result-area.tsx';
export { TransformError, TransformProgress } from './components/transform-status.tsx';
export { type ShareOutcome, shareResult } from './share-result.ts';
export { TransformWorkspaceProvider, useTransformWorkspace } from './transform-workspace-context.tsx';
