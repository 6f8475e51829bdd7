import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');
const TESTING = path.join(SRC, 'server', 'testing');

/** Every source file under `dir`, tests and the testing helpers left out. */
function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === TESTING ? [] : productionFiles(full);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [full];
  });
}

describe('server/testing', () => {
  // Issue 16 §2: the test-site routes imported the factories, which closed an import loop
  // through app.ts; what production code needs of them lives in server/test-sites.server.ts.
  it('is imported by tests only, never by production code', () => {
    const offenders = productionFiles(SRC).filter((file) => {
      const source = readFileSync(file, 'utf8');
      return [...source.matchAll(/from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].some((match) => {
        const specifier = match[1] ?? match[2] ?? '';
        if (!specifier.startsWith('.')) return false;
        const target = path.resolve(path.dirname(file), specifier);
        return target === TESTING || target.startsWith(`${TESTING}${path.sep}`);
      });
    });
    expect(offenders.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
