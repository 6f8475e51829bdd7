/**
 * Finds a folder of the project (the migrations, the locales) whether the code runs from `src/` or
 * from a bundle in `build/`: the nearest folder above this module holding `relative/marker`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function projectFolder(relative: string, marker: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, relative);
    if (existsSync(path.join(candidate, marker))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`The folder ${relative} (with ${marker}) was not found`);
}
