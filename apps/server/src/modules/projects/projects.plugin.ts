import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { ProjectsService } from './projects.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Projects, their files, history, chat and regions; the job pipeline stores results through it. */
    projects: ProjectsService;
  }
}

export const projectsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate(
      'projects',
      new ProjectsService(app.db, app.dialect, app.blobStore, app.projectEvents, config.uploads, app.log),
    );
  },
  { name: 'projects', dependencies: ['database', 'blob-store', 'project-events'] },
);
