/**
 * The production build's pages for tests that render through HTTP (`npm test` builds first):
 * what `buildApp` takes as `pages`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

const buildDir = path.resolve(import.meta.dirname, '../../../build');
const serverBuild = path.join(buildDir, 'server/index.js');

/** Loads the built pages, or says how to make them. */
export async function loadPageBuild(): Promise<{ build: ServerBuild; clientDir: string }> {
  if (!existsSync(serverBuild)) {
    throw new Error('The page tests need the production build: run `npm run build` first.');
  }
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  return { build, clientDir: path.join(buildDir, 'client') };
}
