import type { Project } from '@facelift/shared';
import { type UploadOptions, uploadWithProgress } from './upload-with-progress.ts';

/** POST /api/projects: the name and the original photo; the upload creates the project (docs/product.md, Studio and preview). */
export function createProject(name: string, image: File, options: UploadOptions = {}): Promise<Project> {
  const form = new FormData();
  // The name goes first: the server reads fields before the file.
  form.append('name', name);
  form.append('image', image, image.name || 'photo');
  return uploadWithProgress<Project>('/api/projects', form, options);
}
