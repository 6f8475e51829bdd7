// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtMarker = path.join(root, 'build/main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['src', 'locales', 'public'].map((d) => path.join(root, d));
const isStale =
  !existsSync(builtMarker) || Math.max(...sources.map(newestMtime)) > statSync(builtMarker).mtimeMs;

if (isStale) {
  console.log('Building Inkwell (first start or sources changed)...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [builtMarker], { cwd: root, stdio: 'inherit' });
// Whoever stops `npm start` stops the server too.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
