/**
 * `scripts/run-bundled.mjs` (decision 057 "Import speed"): the import command runs from a bundle
 * built on first use, reused while its inputs are older, rebuilt when one is newer; arguments and
 * the exit code pass through.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// Inside the project: the bundle finds its external packages (PGlite, pg) in node_modules.
mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
const cache = mkdtempSync(path.join(root, 'node_modules/.cache/inkwell-cli-test-'));
const bundle = path.join(cache, 'import-cli.mjs');

function launch(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['scripts/run-bundled.mjs', 'src/server/import/cli.server.ts', ...args],
    { cwd: root, encoding: 'utf8', env: { ...process.env, INKWELL_CLI_CACHE: cache } },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe('run-bundled', () => {
  it('bundles on first use, then reuses the bundle, and rebuilds it when an input is newer', () => {
    const first = launch('--help');
    expect(first.stdout).toMatch(/^Usage: npm run import -- FILE/);
    expect(first.code).toBe(0);
    const inputs = JSON.parse(readFileSync(path.join(cache, 'import-cli.json'), 'utf8'));
    expect(inputs).toContain('src/server/import/cli.server.ts');
    expect(inputs).toContain('src/server/import/job/store-post.server.ts');

    // Older than every source: a later run must rebuild it.
    utimesSync(bundle, new Date(1000), new Date(1000));
    expect(launch('--help').code).toBe(0);
    const rebuiltAt = statSync(bundle).mtimeMs;
    expect(rebuiltAt).toBeGreaterThan(1_000_000);

    expect(launch('--help').code).toBe(0);
    expect(statSync(bundle).mtimeMs).toBe(rebuiltAt);
    expect(existsSync(`${bundle}.map`)).toBe(true);
  });

  it("passes the arguments on and exits with the command's code", () => {
    const missing = path.join(cache, 'no-such-export.xml');
    const result = launch(missing, '--dry-run');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no-such-export.xml');
  });
});
