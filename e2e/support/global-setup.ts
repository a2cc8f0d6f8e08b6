import type { TestProject } from 'vitest/node';
import { assertChromiumInstalled } from './browser.ts';
import { startServer } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One real server (built web app, SQLite in a temp dir) for the whole end-to-end run. */
export default async function setup(project: TestProject) {
  assertChromiumInstalled();
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
  };
}
