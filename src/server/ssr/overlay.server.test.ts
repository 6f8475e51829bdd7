/**
 * A member's page gzip-compressed from its parts (decision 054): whatever the parts (empty,
 * non-ASCII, long, shared between pages), gunzip gives exactly the joined page, and a hole's
 * blocks are shared by every page whose hole has the same HTML; a reader's page is kept only while
 * its parts stay the same.
 */
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gzipJoinedPage, joinPage, readerGzipPage, type SplitPage } from './overlay.server';

function pageOf(fixed: string[]): SplitPage {
  return { fixed, holes: [], rendered: [], targets: [] };
}

describe('gzipJoinedPage', () => {
  it('gunzips to the joined page, whatever the parts', () => {
    const text = fc.string({ unit: 'binary', maxLength: 3000 });
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { maxLength: 12 }), text, (pairs, last) => {
        const page = pageOf([...pairs.map(([fixed]) => fixed), last]);
        const parts = pairs.map(([, part]) => part);
        const zipped = gzipJoinedPage(page, parts);
        expect(gunzipSync(zipped).toString('utf8')).toBe(joinPage(page, parts));
      }),
      { numRuns: 200 },
    );
  });

  it('gives each reader their own holes over the same fixed parts', () => {
    const fixed = ['<html><body><header>', '</header><main>', '</main>'.repeat(2000), '</body>'];
    const page = pageOf(fixed);
    for (const name of ['Ann', 'Bob', 'Ann', 'Zoë 🙂']) {
      const parts = [`<a>${name}</a>`, '', `<script>{"name":"${name}"}</script>`];
      const zipped = gzipJoinedPage(page, parts);
      expect(gunzipSync(zipped).toString('utf8')).toBe(joinPage(page, parts));
      // The fixed text is compressed, not copied: the page is far smaller than its text.
      expect(zipped.length).toBeLessThan(joinPage(page, parts).length / 10);
    }
  });
});

describe('readerGzipPage', () => {
  const fixed = ['<header>', '</header><main>', '</main>'];
  const partsOf = (name: string, liked: boolean) => [
    `<a>${name}</a>`,
    `<script>{"name":"${name}","liked":${liked}}</script>`,
  ];
  const unzipped = (zipped: Buffer) => gunzipSync(zipped).toString('utf8');

  it('answers the same bytes while a reader’s parts are the same, new ones once they change', () => {
    const page = pageOf(fixed);
    const first = readerGzipPage(page, partsOf('Ann', false), 'ann');
    // Equal parts (new strings, as each request makes them): the same bytes, not made again.
    expect(readerGzipPage(page, partsOf('Ann', false), 'ann')).toBe(first);
    // Their like changed a part: forgotten, the new page is theirs.
    const liked = readerGzipPage(page, partsOf('Ann', true), 'ann');
    expect(liked).not.toBe(first);
    expect(unzipped(liked)).toBe(joinPage(page, partsOf('Ann', true)));
    // And back: never the bytes of a state they left.
    expect(unzipped(readerGzipPage(page, partsOf('Ann', false), 'ann'))).toBe(
      joinPage(page, partsOf('Ann', false)),
    );
  });

  it('never gives one reader another’s page, even under the same key', () => {
    const page = pageOf(fixed);
    readerGzipPage(page, partsOf('Ann', false), 'shared-key');
    const bob = readerGzipPage(page, partsOf('Bob', false), 'shared-key');
    expect(unzipped(bob)).toBe(joinPage(page, partsOf('Bob', false)));
    expect(unzipped(readerGzipPage(page, partsOf('Bob', false), 'ann'))).toContain('Bob');
  });

  it('keeps nothing across shared pages: a page rendered again is joined again', () => {
    const before = pageOf(fixed);
    const kept = readerGzipPage(before, partsOf('Ann', false), 'ann');
    const after = pageOf(['<header class="new">', '</header><main>', '</main>']);
    const fresh = readerGzipPage(after, partsOf('Ann', false), 'ann');
    expect(fresh).not.toBe(kept);
    expect(unzipped(fresh)).toBe(joinPage(after, partsOf('Ann', false)));
    expect(readerGzipPage(before, partsOf('Ann', false), 'ann')).toBe(kept);
  });
});
