/**
 * Streaming reads of a JSON file for the Ghost reader (issue 21: "a 1 GB file never held in memory
 * at once"). `stream-json` tokenises the file as it is read; only the subtrees a caller picks by
 * path are assembled into values, one at a time. Parser errors become `ImportFormatError`s that
 * say what is wrong: not JSON at all, JSON broken somewhere, or a file that ends too early.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import chain from 'stream-chain';
import { flushable, none } from 'stream-chain/defs.js';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamValues } from 'stream-json/streamers/stream-values.js';
import { ImportFormatError } from '../records';

/** Chunks of the export's text or bytes (UTF-8). */
export type JsonChunks = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;

/**
 * Where the export is: a file path, or a function that opens it afresh on every call (the reader
 * reads the file twice: its small indexes first, then the posts).
 */
export type JsonInput = string | (() => JsonChunks);

/** A path inside the JSON document, as `stream-json` gives it: keys and array indexes. */
export type JsonPath = readonly (string | number | null)[];

/** A value picked out of the stream, with the name the caller's filter gave its path. */
export interface PickedValue {
  name: string;
  value: unknown;
}

/** How far the reading got, for the error message. */
interface ReadState {
  bytes: number;
  firstChar: string;
  isFlushing: boolean;
}

function open(input: JsonInput): JsonChunks {
  return typeof input === 'string' ? createReadStream(input) : input();
}

/** The input's chunks as text, noting its size and its first non-blank character. */
async function* watched(chunks: JsonChunks, state: ReadState): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    state.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    const trimmed = text.trim();
    if (state.firstChar === '' && trimmed !== '') {
      state.firstChar = trimmed.replace(/^\uFEFF/, '').charAt(0);
    }
    yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/** The parser's error as the owner should read it. */
function formatError(error: unknown, state: ReadState): ImportFormatError {
  const detail = error instanceof Error ? error.message.replace(/^Parser /, '') : String(error);
  if (state.firstChar === '') return new ImportFormatError('The file is empty.');
  if (state.firstChar !== '{' && state.firstChar !== '[') {
    return new ImportFormatError('The file is not JSON, so it is not a Ghost export.');
  }
  if (state.isFlushing) {
    return new ImportFormatError(
      `The file ends before its JSON is complete, after ${state.bytes} bytes: it looks truncated (or broken at its very end). Export it from Ghost again.`,
    );
  }
  return new ImportFormatError(`The file is not valid JSON (${detail}).`);
}

/**
 * Streams the values at the paths `filter` names (it returns a name, or null to skip the path),
 * in file order. Everything else is tokenised and dropped without being assembled.
 */
export async function* pickJsonValues(
  input: JsonInput,
  filter: (path: JsonPath) => string | null,
): AsyncGenerator<PickedValue> {
  const state: ReadState = { bytes: 0, firstChar: '', isFlushing: false };
  const tokenizer = parser({ streamValues: false });
  // A parser that fails on the flush (the end of the input) was still inside a value: the file
  // was cut short. (A broken literal in the last few bytes reads the same; rare enough.)
  const watchedTokenizer = flushable((chunk: string | typeof none) => {
    if (chunk === none) {
      state.isFlushing = true;
      // The parser's flush is a call with `none`, which its declared type leaves out.
      return tokenizer(none as unknown as string);
    }
    return tokenizer(chunk);
  });
  const names: string[] = [];
  const pipeline = chain([
    Readable.from(watched(open(input), state)),
    watchedTokenizer,
    pick({
      filter: (stack: JsonPath) => {
        const name = filter(stack);
        if (name === null) return false;
        names.push(name);
        return true;
      },
    }),
    streamValues(),
  ]);
  try {
    for await (const item of pipeline as AsyncIterable<{ value: unknown }>) {
      yield { name: names.shift() ?? '', value: item.value };
    }
  } catch (error) {
    if (error instanceof ImportFormatError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    throw formatError(error, state);
  } finally {
    pipeline.destroy();
  }
}
