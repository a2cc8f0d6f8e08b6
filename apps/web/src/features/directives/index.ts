/** The directives feature's public surface: other features import from here only. */
export { DirectivesPanel, type DirectivesPanelProps } from './directives-panel.tsx';
export type { DirectivesPanelValue } from './directives-panel-state.ts';
export { promptInLanguage, usePromptInLanguage } from './prompt-in-language.ts';
