import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { GuardedGetError, type guardedGet } from '../../net/guarded-get.server';
import { MediaFetchError, peekHead, WebMedia } from './web-source.server';

describe('WebMedia: a host that cannot be reached', () => {
  it('is tried once per import; its other files fail at once with the same reason', async () => {
    const calls: string[] = [];
    const get: typeof guardedGet = async (url) => {
      calls.push(url);
      // A lookup that takes a moment: the other requests to the host are waiting meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
      throw new GuardedGetError('unresolved', 'gone.invalid has no address', 'gone.invalid');
    };
    const web = new WebMedia({ get });
    const urls = ['a', 'b', 'c', 'd', 'e'].map((name) => `http://gone.invalid/${name}.jpg`);
    const results = await Promise.allSettled(urls.map((url) => web.open(url)));
    expect(calls).toEqual(['http://gone.invalid/a.jpg']);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(MediaFetchError);
      expect(error.failure).toBe('unreachable');
    }
    // Later, too.
    await expect(web.open('http://gone.invalid/f.jpg')).rejects.toMatchObject({
      failure: 'unreachable',
    });
    expect(calls).toHaveLength(1);
  });

  it('keeps trying a host that answered, even with an error for one file', async () => {
    const calls: string[] = [];
    const get: typeof guardedGet = async (url) => {
      calls.push(url);
      throw new GuardedGetError('status', 'The address answered 404', 'old.example', {
        status: 404,
      });
    };
    const web = new WebMedia({ get });
    await expect(web.open('http://old.example/a.jpg')).rejects.toMatchObject({
      failure: 'not-found',
    });
    await expect(web.open('http://old.example/b.jpg')).rejects.toMatchObject({
      failure: 'not-found',
    });
    expect(calls).toHaveLength(2);
  });
});

describe('peekHead', () => {
  it('reads the first bytes and gives the whole stream again', async () => {
    const source = Readable.from([Buffer.from('GI'), Buffer.from('F89a'), Buffer.from('rest')]);
    const { head, stream } = await peekHead(source, 6);
    expect(head.toString()).toBe('GIF89a');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('GIF89arest');
  });

  it('copes with a stream shorter than asked', async () => {
    const { head, stream } = await peekHead(Readable.from([Buffer.from('ab')]), 6);
    expect(head.toString()).toBe('ab');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('ab');
  });
});
