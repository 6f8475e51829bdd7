// Part of `npm run build`, right after the client build (decision 042):
// - copies the islands' build (decision 053) into build/client/assets;
// - moves the client's source maps (Vite writes them `hidden`: no sourceMappingURL comment) out of
//   build/client, which is served, into build/sourcemaps, which is not: the server maps reported
//   stacks with them, browsers cannot fetch them;
// - writes build/release.json, the release every recorded error carries: the package's version
//   and the git commit (or BUILD_ID when the build runs outside a checkout, or the build's time).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const assets = path.join(root, 'build/client/assets');
// The islands' build (decision 053, vite.islands.config.ts) joins the served assets, maps
// included (moved out below like the app's).
cpSync(path.join(root, 'build-islands/assets'), assets, { recursive: true });
const maps = path.join(root, 'build/sourcemaps/assets');
mkdirSync(maps, { recursive: true });
let moved = 0;
for (const name of readdirSync(assets)) {
  if (!name.endsWith('.map')) continue;
  renameSync(path.join(assets, name), path.join(maps, name));
  moved += 1;
}

function commit() {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, stdio: 'pipe' })
      .toString()
      .trim();
  } catch {
    return `built-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 13)}`;
  }
}
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const release = `${version}+${commit()}`;
writeFileSync(
  path.join(root, 'build/release.json'),
  `${JSON.stringify({ release, builtAt: new Date().toISOString() })}\n`,
);
console.log(`Moved ${moved} client source maps to build/sourcemaps; release ${release}.`);
