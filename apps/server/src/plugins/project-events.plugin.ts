import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createProjectEventBus } from '../integrations/project-events/project-event-bus.factory.ts';
import type { ProjectEventBus } from '../integrations/project-events/project-event-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Project change fan-out to SSE clients, across instances on PostgreSQL. */
    projectEvents: ProjectEventBus;
  }
}

export const projectEventsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const bus = await createProjectEventBus(config.database, (error) =>
      app.log.warn({ err: error }, 'project event bus connection problem'),
    );
    app.decorate('projectEvents', bus);
    app.addHook('onClose', async () => {
      await bus.close();
    });
  },
  { name: 'project-events' },
);
