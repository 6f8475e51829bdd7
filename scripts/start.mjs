// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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

// The server runs in this process, so stopping this process (by its pid) stops the server.
// npm does not always pass a signal on to its script: when the npm process that started us goes
// away, shut down as if told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();

await import(pathToFileURL(builtMarker).href);
