// Part of `npm run build`: writes a Brotli (.br) and a gzip (.gz) copy beside each script,
// stylesheet, SVG and locale file (assets/locales/, in folders) of the client build, compressed once at the highest levels, which the server
// sends to browsers that accept them (@fastify/static `preCompressed`). Assets are immutable
// (hashed names), so compressing them per request would only repeat this work.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

const ASSETS = path.resolve(import.meta.dirname, '../build/client/assets');
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
/** Smaller files fit in a packet or two either way. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(ASSETS, { recursive: true })) {
  const file = path.join(ASSETS, name);
  if (!COMPRESSIBLE.test(name) || statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
  before += body.length;
  after += br.length;
}
console.log(
  `Compressed ${files} client assets: ${Math.round(before / 1024)} kB → ${Math.round(after / 1024)} kB with Brotli.`,
);
