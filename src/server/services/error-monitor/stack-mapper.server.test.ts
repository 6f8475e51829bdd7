/**
 * Stack mapping against a real built map (decision 042): a module is bundled and minified by
 * esbuild (Vite's own minifier family) with a hidden source map into `<dir>/assets`, run, and the
 * minified stack of the error it throws is mapped back to the source file and line.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStack } from '../../../domain/health';
import { createStackMapper, sourceFileOf } from './stack-mapper.server';

const root = path.resolve(import.meta.dirname, '../../../..');
let dir: string;
let chunk: string;

beforeAll(async () => {
  // Inside the project (as build/sourcemaps is), so the map names sources from the project root.
  const cache = path.join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(path.join(cache, 'inkwell-maps-'));
  mkdirSync(path.join(dir, 'assets'));
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, 'fixtures/thrower.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    sourcemap: 'external',
    outfile: path.join(dir, 'assets/thrower-Ab12Cd34.js'),
    absWorkingDir: root,
    write: false,
  });
  for (const file of result.outputFiles) {
    writeFileSync(file.path, file.contents);
  }
  chunk = path.join(dir, 'assets/thrower-Ab12Cd34.js');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function thrownStack(): Promise<string> {
  const module = (await import(pathToFileURL(chunk).href)) as {
    renderBrokenCard(post: object): string;
  };
  try {
    module.renderBrokenCard({});
  } catch (error) {
    return (error as Error).stack ?? '';
  }
  throw new Error('expected a throw');
}

describe('createStackMapper', () => {
  it('maps a minified frame to the source file, line and function', async () => {
    const frames = parseStack(await thrownStack());
    expect(frames[0]?.file).toContain('/assets/thrower-Ab12Cd34.js');
    expect(frames[0]?.line).toBe(1);
    const [mapped] = await createStackMapper(dir).map(frames);
    expect(mapped).toEqual({
      functionName: expect.any(String),
      file: 'src/server/services/error-monitor/fixtures/thrower.ts',
      line: 6,
      column: expect.any(Number),
      isMapped: true,
    });
  });

  it('leaves frames alone without a map, without a directory, or outside /assets', async () => {
    const frames = parseStack(await thrownStack());
    expect((await createStackMapper(undefined).map(frames))[0]).toEqual(frames[0]);
    const elsewhere = [{ ...frames[0]!, file: 'https://x.test/assets/other-Zz99Yy88.js' }];
    expect(await createStackMapper(dir).map(elsewhere)).toEqual(elsewhere);
    const climbing = [{ ...frames[0]!, file: 'https://x.test/assets/../../etc/passwd' }];
    expect(await createStackMapper(dir).map(climbing)).toEqual(climbing);
  });
});

describe('sourceFileOf', () => {
  it('names a source from the project root or from node_modules', () => {
    expect(sourceFileOf('../../src/root.tsx')).toBe('src/root.tsx');
    expect(sourceFileOf('../../node_modules/react-dom/cjs/x.js')).toBe(
      'node_modules/react-dom/cjs/x.js',
    );
  });
});
