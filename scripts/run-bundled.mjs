// Runs a command-line entry point (`npm run import`, `npm run export`) from one bundled file,
// bundling it first when the bundle is missing or older than any file it was built from
// (decision 057 "Import speed"). Through tsx the import command spent seconds before its first
// record: tsx's loader thread transpiling and resolving a few hundred modules, and three Node
// processes (npm, this launcher, tsx's child). One file of plain JavaScript, run in this
// process, loads in a fraction of that; esbuild bundles the server's code in about a second, once.
//
// `node scripts/run-bundled.mjs src/server/import/cli.server.ts [args…]`: the bundle goes to
// node_modules/.cache/inkwell-cli/<name>.mjs with <name>.json listing its inputs. Dependencies that
// load files beside their own code (PGlite's WebAssembly, sharp) and the pg driver stay external,
// as in scripts/build-server.mjs.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('Usage: node scripts/run-bundled.mjs ENTRY.ts [args…]');
  process.exit(2);
}
// INKWELL_CLI_CACHE: another folder for the bundles (the launcher's test uses its own), inside the
// project so that the bundle finds its external packages in node_modules.
const cacheDir =
  process.env.INKWELL_CLI_CACHE ?? path.join(root, 'node_modules/.cache/inkwell-cli');
const name = path.basename(entry).replace(/\.server\.ts$|\.ts$/, '');
const bundleName = `${path.basename(path.dirname(entry))}-${name}`;
const bundle = path.join(cacheDir, `${bundleName}.mjs`);
const inputsFile = path.join(cacheDir, `${bundleName}.json`);

/** Whether the bundle is missing, or a file it was built from (or the lock file) is newer. */
function isStale() {
  if (!existsSync(bundle) || !existsSync(inputsFile)) return true;
  const builtAt = statSync(bundle).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return [...inputs, 'package-lock.json', 'scripts/run-bundled.mjs'].some((file) => {
    try {
      return statSync(path.join(root, file)).mtimeMs > builtAt;
    } catch {
      return true; // an input removed or renamed: rebuild
    }
  });
}

async function bundleEntry() {
  const { build } = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  // Written beside and renamed, so a second command started meanwhile never runs half a file.
  const temporary = `${bundle}.${process.pid}.tmp`;
  const result = await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, entry)],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'sharp', 'pg', 'pg-native'],
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // Bundled CommonJS dependencies call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __inkwellRequire } from 'node:module'; const require = __inkwellRequire(import.meta.url);",
    },
  });
  const inputs = Object.keys(result.metafile.inputs).filter(
    (file) => !file.includes('node_modules'),
  );
  writeFileSync(inputsFile, JSON.stringify(inputs));
  renameSync(`${temporary}.map`, `${bundle}.map`);
  const code = readFileSync(temporary, 'utf8').replace(
    `sourceMappingURL=${path.basename(temporary)}.map`,
    `sourceMappingURL=${path.basename(bundle)}.map`,
  );
  writeFileSync(temporary, code);
  renameSync(temporary, bundle);
}

if (isStale()) await bundleEntry();
// Source maps cost a parse of the bundle's map at load: only when asked for (DEBUG prints stacks).
if (process.env.DEBUG) process.setSourceMapsEnabled(true);
// The entry reads its arguments from process.argv.slice(2), as when run on its own.
process.argv.splice(1, process.argv.length - 1, bundle, ...args);
await import(pathToFileURL(bundle).href);
