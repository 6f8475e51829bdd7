// Bundles the server (src/server/main.server.ts) and its process entry (src/server/entry.server.ts) into
// build/node/, and writes build/main.js, which `npm start` runs.
//
// The entry sets NODE_ENV before anything else loads: React and React Router choose their
// development or production builds when first imported, and ES module imports are evaluated
// before the importing module's own code, so main.ts itself would be too late. The development
// builds render pages about three times slower.
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server/main.server.ts', entry: 'src/server/entry.server.ts' },
  outdir: 'build/node',
  // Real dynamic imports (separate chunks), so start-up can open the database while the rest of
  // the server loads.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Pure-JS dependencies are bundled: one file loads much faster than hundreds of small modules
  // (about a quarter second of start-up). Kept external: PGlite and sharp (they load WebAssembly
  // or native files beside their own code), pg, and React with React Router, which the page
  // build imports too and must be the same copies.
  external: [
    '@electric-sql/pglite',
    '@electric-sql/pglite/*',
    'sharp',
    'pg',
    'pg-native',
    'react',
    'react/*',
    'react-dom',
    'react-dom/*',
    'react-router',
    '@react-router/*',
  ],
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS dependencies call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __inkwellRequire } from 'node:module'; const require = __inkwellRequire(import.meta.url);",
  },
});

// `node build/main.js` is the start command everywhere (README, tests, bench).
writeFileSync('build/main.js', "await import('./node/entry.js');\n");
