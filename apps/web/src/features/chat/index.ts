/** The chat feature's public surface: the app composes the panel; nothing else is shared. */
export { ChatPanel } from './components/chat-panel.tsx';
