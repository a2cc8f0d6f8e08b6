/** The projects feature's public surface: other features import from here only. */
export { addHistoryItem } from './api/add-history-item.ts';
export { createProject } from './api/create-project.ts';
export { useDeleteProject } from './api/delete-project.ts';
export {
  dataUrlToBlob,
  deleteElementRegion,
  fetchElementRegions,
  saveElementRegion,
} from './api/element-regions.ts';
export { projectQueryOptions, useProject } from './api/get-project.ts';
export { projectsQueryOptions, useProjects } from './api/list-projects.ts';
export { projectQueryKeys } from './api/project-query-keys.ts';
export { useRenameProject } from './api/rename-project.ts';
export { type UploadOptions, uploadWithProgress } from './api/upload-with-progress.ts';
export { ImagePicker, type ImagePickerProps } from './components/image-picker.tsx';
export { ProjectGallery, type ProjectGalleryProps } from './components/project-gallery.tsx';
export {
  ProjectPanel,
  type ProjectPanelParts,
  type ProjectPanelProps,
  ProjectPhoto,
} from './components/project-panel.tsx';
export {
  type BaseImage,
  type CurrentProject,
  CurrentProjectProvider,
  type ProjectStage,
  useCurrentProject,
} from './current-project-context.tsx';
export { applyProjectEvent, useProjectEventStream } from './project-events.ts';
