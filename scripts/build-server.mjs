// Bundles the server entry (src/server/main.ts) into build/main.js. Dependencies stay external:
// they load from node_modules as usual. Bundling makes start-up fast (no TypeScript at runtime).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'build/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
