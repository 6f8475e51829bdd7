// Runs a TypeScript entry point (seed, bench) with tsx, passing the remaining arguments on.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [entry, ...args] = process.argv.slice(2);
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const result = spawnSync(process.execPath, [tsx, entry, ...args], { stdio: 'inherit', cwd: root });
process.exit(result.status ?? 1);
