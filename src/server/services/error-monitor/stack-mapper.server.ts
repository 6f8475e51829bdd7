/**
 * Maps a client stack's frames to the source (issue 18; decision 042). The client build writes
 * hidden source maps (no `sourceMappingURL` comment), and `npm run build` moves them out of the
 * served folder into `build/sourcemaps/assets/`: the server reads them, browsers never can. A
 * frame in `/assets/<chunk>.js` is looked up in `<chunk>.js.map` with @jridgewell/trace-mapping;
 * parsed maps are kept in a small LRU, a missing map is remembered as missing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { LRUCache } from 'lru-cache';
import type { StackFrameView } from '../../../domain/health';

/** Parsed maps kept (a chunk's map is tens to hundreds of KB parsed). */
const MAPS_KEPT = 40;

/** Maps frames of the client's chunks; frames of other files are returned as they came. */
export interface StackMapper {
  map(frames: StackFrameView[]): Promise<StackFrameView[]>;
}

/** A mapper reading `<mapsDir>/assets/<chunk>.js.map`; without a directory, frames pass as they are. */
export function createStackMapper(mapsDir: string | undefined): StackMapper {
  const maps = new LRUCache<string, { map: TraceMap | null }>({ max: MAPS_KEPT });

  async function traceMapOf(chunk: string): Promise<TraceMap | null> {
    if (!mapsDir) return null;
    const cached = maps.get(chunk);
    if (cached) return cached.map;
    let map: TraceMap | null = null;
    try {
      map = new TraceMap(await readFile(path.join(mapsDir, 'assets', `${chunk}.map`), 'utf8'));
    } catch {
      map = null; // No map for this chunk (another build's, or not ours): the frame stays raw.
    }
    maps.set(chunk, { map });
    return map;
  }

  return {
    async map(frames) {
      const mapped: StackFrameView[] = [];
      for (const frame of frames) {
        mapped.push(await mapFrame(frame));
      }
      return mapped;
    },
  };

  async function mapFrame(frame: StackFrameView): Promise<StackFrameView> {
    // Only our own chunks: `/assets/<name>.js`, a plain file name, nothing climbing out.
    const match = /\/assets\/([\w.-]+\.m?js)(?:[?#].*)?$/.exec(frame.file);
    if (!match?.[1] || frame.line === null || frame.column === null) return frame;
    const map = await traceMapOf(match[1]);
    if (!map) return frame;
    // Browsers count columns from 1, source maps from 0.
    const position = originalPositionFor(map, { line: frame.line, column: frame.column - 1 });
    if (!position.source || position.line === null) return frame;
    return {
      functionName: position.name ?? frame.functionName,
      file: sourceFileOf(position.source),
      line: position.line,
      column: position.column === null ? null : position.column + 1,
      isMapped: true,
    };
  }
}

/** `../../src/root.tsx` (relative to the chunk) → `src/root.tsx`; a package's path from node_modules. */
export function sourceFileOf(source: string): string {
  const clean = source.replace(/^(\.\.\/|\.\/)+/, '').replace(/^\/+/, '');
  const modules = clean.lastIndexOf('node_modules/');
  return modules >= 0 ? clean.slice(modules) : clean;
}
