/**
 * Imported images fetched from the web (decision 057 "Media"), through the server's guarded GET
 * (`net/guarded-get`, the link previews' own guard: public addresses only, pinned lookup,
 * redirects checked again). A host that cannot be resolved or connected to fails fast, and is
 * not tried again in the same import: the first request to a host goes alone, the others of that
 * host wait for it, and if it failed that way they fail at once with the same reason. An export
 * that names hundreds of images on a host that no longer exists costs one lookup, not hundreds.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { UPLOAD_SIZE_LIMITS } from '../../../domain/media-upload';
import { GuardedGetError, guardedGet } from '../../net/guarded-get.server';

/** The limits of one image fetch. */
export const MEDIA_FETCH = {
  /** Everything, from the lookup to the last byte. */
  timeoutMs: 15_000,
  /** Opening the connection; past it the host counts as unreachable. */
  connectTimeoutMs: 3_000,
  maxRedirects: 3,
} as const;

export interface WebMediaOptions {
  /** Allow loopback addresses: tests only. */
  allowLoopback?: boolean;
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** The guarded GET (tests count the calls a host gets). */
  get?: typeof guardedGet;
}

/** Why an image could not be fetched, as a problem code's last part. */
export type MediaFetchFailure =
  | 'blocked'
  | 'unreachable'
  | 'not-found'
  | 'timeout'
  | 'not-an-image'
  | 'too-big';

export class MediaFetchError extends Error {
  constructor(
    readonly failure: MediaFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'MediaFetchError';
  }
}

/** An image's response, ready to stream into the media library. */
export interface FetchedImage {
  response: IncomingMessage;
  /** Ends the fetch's time budget: the caller checks it when reading the body fails. */
  signal: AbortSignal;
}

/** Content types an image may be answered with (the bytes decide; these only rule out pages). */
const IMAGE_TYPES = /^(image\/|application\/octet-stream|binary\/octet-stream)/i;

function failureOf(error: GuardedGetError): MediaFetchError {
  switch (error.failure) {
    case 'blocked':
      return new MediaFetchError('blocked', error.message);
    case 'timeout':
      return new MediaFetchError('timeout', 'Too slow');
    case 'status':
      return new MediaFetchError('not-found', `The address answered ${error.status}`);
    default:
      return new MediaFetchError('unreachable', error.message);
  }
}

/** The web, for one import: remembers the hosts that could not be reached. */
export class WebMedia {
  /** A host's state: being tried (others wait), reachable, or failed (not tried again). */
  private readonly hosts = new Map<string, Promise<void> | 'ok' | MediaFetchError>();

  constructor(private readonly options: WebMediaOptions = {}) {}

  /** Opens the image at `url`; throws `MediaFetchError`. */
  async open(url: string): Promise<FetchedImage> {
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      throw new MediaFetchError('unreachable', 'Not an address');
    }
    let release: (() => void) | null = null;
    for (;;) {
      const state = this.hosts.get(host);
      if (state instanceof Promise) {
        await state;
        continue;
      }
      if (state instanceof MediaFetchError) throw state;
      if (state === undefined) {
        // The first request to this host: the others wait until it says whether the host answers.
        this.hosts.set(host, new Promise<void>((resolve) => (release = resolve)));
      }
      break;
    }
    let outcome: 'ok' | MediaFetchError = 'ok';
    try {
      return await this.get(url);
    } catch (error) {
      if (error instanceof GuardedGetError && error.isHostFailure) {
        const failed = new MediaFetchError('unreachable', `${error.host} could not be reached`);
        this.hosts.set(error.host, failed);
        if (error.host === host) outcome = failed;
      }
      if (error instanceof GuardedGetError) throw failureOf(error);
      throw error;
    } finally {
      if (release !== null) {
        this.hosts.set(host, outcome);
        (release as () => void)();
      }
    }
  }

  private async get(url: string): Promise<FetchedImage> {
    const signal = AbortSignal.timeout(this.options.timeoutMs ?? MEDIA_FETCH.timeoutMs);
    const get = this.options.get ?? guardedGet;
    const { response } = await get(url, {
      ...(this.options.allowLoopback !== undefined && {
        allowLoopback: this.options.allowLoopback,
      }),
      signal,
      maxRedirects: MEDIA_FETCH.maxRedirects,
      connectTimeoutMs: this.options.connectTimeoutMs ?? MEDIA_FETCH.connectTimeoutMs,
      headers: {
        accept: 'image/webp,image/avif,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1',
        'accept-encoding': 'identity',
        'user-agent': 'InkwellImport/1.0 (+importing a blog and its images)',
      },
    });
    const type = response.headers['content-type'];
    if (type && !IMAGE_TYPES.test(type)) {
      response.destroy();
      throw new MediaFetchError('not-an-image', `Answered ${type.split(';')[0]}, not an image`);
    }
    const length = Number(response.headers['content-length']);
    if (Number.isFinite(length) && length > UPLOAD_SIZE_LIMITS.image) {
      response.destroy();
      throw new MediaFetchError('too-big', `${length} bytes, over the image limit`);
    }
    return { response, signal };
  }
}

/**
 * The first bytes of a stream (at least `bytes`, unless it ends first) and a stream that gives
 * them again followed by the rest: the kind of an upload (image or GIF) is decided before the
 * media library reads it. Destroying the returned stream destroys the source.
 */
export async function peekHead(
  source: Readable,
  bytes: number,
): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  let isDone = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      isDone = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* again(): AsyncGenerator<Buffer> {
    try {
      if (head.length > 0) yield head;
      while (!isDone) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await iterator.return?.();
    }
  }
  return { head, stream: Readable.from(again(), { objectMode: false }) };
}
