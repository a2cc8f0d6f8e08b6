// The studio's parts that show only once a project is open (docs/product.md, Studio and
// preview): the stage's result area and the result's buttons, the kept looks, the area editor,
// the directives and the chat. They load on demand, apart from the app shell
// (docs/decisions/108-app-shell-split.md).
export { ChatPanel } from '../../features/chat/index.ts';
export {
  AreaEditor,
  KeptLooks,
  TransformActions,
  TransformDirectives,
  TransformResultArea,
  TransformResultDetails,
} from '../../features/transform/index.ts';
