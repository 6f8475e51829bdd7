import { describe, expect, it } from 'vitest';
import {
  callContext,
  type RemoteCall,
  receiveContext,
  receiveError,
  shipContext,
  shipError,
} from './remote-context';

/** What a message between threads does to a value: the same algorithm postMessage uses. */
const acrossThreads = <T>(value: T): T => structuredClone(value);

/** A context shaped like the pages' one: data, bound methods, a method on a nested object. */
function sampleContext() {
  const site = { id: 'site-1', name: 'Quiet corner', languages: ['en'] };
  return {
    site,
    now: '2026-11-26T07:00:00.000Z',
    createdAt: new Date('2026-01-02T03:04:05Z'),
    actor: { memberId: null, role: 'guest' },
    reader: {
      listFeed: async (query: { source: string }, page: number) => ({ query, page, site: site.id }),
      getSettings: async () => ({ 'feed.layout': 'grid' }),
    },
    auth: {
      prefix: 'csrf',
      // Uses `this`: the server thread must call it as the object's method.
      async csrfToken(this: { prefix: string }) {
        return `${this.prefix}-token`;
      },
    },
    highlightCode: async (document: { id: string }) => ({ [document.id]: 'highlighted' }),
    failing: async () => {
      throw new TypeError('the service refused');
    },
  };
}

/** Ships a context across a (simulated) thread and rebuilds it with calls back to the original. */
function overTheWire(context: ReturnType<typeof sampleContext>) {
  const calls: string[] = [];
  const call: RemoteCall = async (path, args) => {
    calls.push(path.join('.'));
    try {
      return acrossThreads(await callContext(context, path, acrossThreads(args)));
    } catch (error) {
      throw receiveError(acrossThreads(shipError(error)));
    }
  };
  const shipped = acrossThreads(shipContext(context));
  return { remote: receiveContext<ReturnType<typeof sampleContext>>(shipped, call), calls };
}

describe('shipContext', () => {
  it('keeps data as it is and replaces every function by a cloneable marker of its path', () => {
    const shipped = shipContext(sampleContext());
    expect(shipped.site).toEqual({ id: 'site-1', name: 'Quiet corner', languages: ['en'] });
    expect(shipped.createdAt).toEqual(new Date('2026-01-02T03:04:05Z'));
    expect(shipped.reader).toEqual({
      listFeed: { __inkwellCall: ['reader', 'listFeed'] },
      getSettings: { __inkwellCall: ['reader', 'getSettings'] },
    });
    expect(shipped.highlightCode).toEqual({ __inkwellCall: ['highlightCode'] });
    // Structured clone throws on a function: the shipped context must have none left.
    expect(() => acrossThreads(shipped)).not.toThrow();
    expect(() => acrossThreads(sampleContext())).toThrow();
  });
});

describe('receiveContext', () => {
  it('gives the render thread the same data and working functions', async () => {
    const { remote, calls } = overTheWire(sampleContext());
    expect(remote.site.name).toBe('Quiet corner');
    expect(remote.createdAt.getUTCFullYear()).toBe(2026);
    expect(await remote.reader.listFeed({ source: 'homepage' }, 3)).toEqual({
      query: { source: 'homepage' },
      page: 3,
      site: 'site-1',
    });
    expect(await remote.highlightCode({ id: 'n1' })).toEqual({ n1: 'highlighted' });
    expect(calls).toEqual(['reader.listFeed', 'highlightCode']);
  });

  it('calls a function as its object method, so `this` is the object', async () => {
    const { remote } = overTheWire(sampleContext());
    expect(await remote.auth.csrfToken()).toBe('csrf-token');
  });

  it("passes a function's failure to the caller with its name and message", async () => {
    const { remote } = overTheWire(sampleContext());
    const failure = remote.failing();
    await expect(failure).rejects.toThrow('the service refused');
    await expect(failure).rejects.toMatchObject({ name: 'TypeError' });
  });
});

describe('callContext', () => {
  it('refuses a path that leads to no function', async () => {
    const context = sampleContext();
    await expect(callContext(context, ['site', 'name'], [])).rejects.toThrow(
      'no function at site.name',
    );
    await expect(callContext(context, ['reader', 'nothing'], [])).rejects.toThrow(
      'no function at reader.nothing',
    );
    await expect(callContext(context, ['constructor'], [])).rejects.toThrow(
      'no function at constructor',
    );
  });
});
