import { describe, expect, it } from 'vitest';
import type { ImportCategory } from '../records';
import { parseWpDate, wpDateOf } from './wxr-dates';
import { emptyItem, type WxrFields } from './wxr-parts';
import {
  commentsOf,
  emptyLookups,
  oldPathOf,
  orderCategories,
  postOf,
  skippedItemOf,
} from './wxr-records';

function buildCategory(overrides: Partial<ImportCategory>): ImportCategory {
  return {
    kind: 'category',
    sourceId: '1',
    slug: 's',
    name: 'N',
    description: '',
    parentSourceId: null,
    ...overrides,
  };
}

function buildComment(id: string, parent: string, overrides: WxrFields = {}): WxrFields {
  return {
    'wp:comment_id': id,
    'wp:comment_parent': parent,
    'wp:comment_author': 'Lena',
    'wp:comment_content': `<p>Comment ${id}</p><p>second &amp; last</p>`,
    'wp:comment_approved': '1',
    'wp:comment_type': 'comment',
    'wp:comment_date_gmt': '2026-02-01 12:00:00',
    ...overrides,
  };
}

describe('orderCategories', () => {
  it('puts parents before children whatever the order, and lifts orphans to the top', () => {
    const ordered = orderCategories([
      buildCategory({ sourceId: 'c', parentSourceId: 'b' }),
      buildCategory({ sourceId: 'b', parentSourceId: 'a' }),
      buildCategory({ sourceId: 'a' }),
      buildCategory({ sourceId: 'x', parentSourceId: 'missing' }),
    ]);
    expect(ordered.map((c) => [c.sourceId, c.parentSourceId])).toEqual([
      ['a', null],
      ['x', null],
      ['b', 'a'],
      ['c', 'b'],
    ]);
  });

  it('breaks a cycle instead of looping', () => {
    const ordered = orderCategories([
      buildCategory({ sourceId: 'a', parentSourceId: 'b' }),
      buildCategory({ sourceId: 'b', parentSourceId: 'a' }),
    ]);
    expect(ordered.map((c) => [c.sourceId, c.parentSourceId])).toEqual([
      ['a', null],
      ['b', 'a'],
    ]);
  });
});

describe('commentsOf', () => {
  it('yields a reply after its parent even when the file has it first', () => {
    const item = emptyItem();
    item.comments.push(buildComment('3', '2'), buildComment('2', '0'));
    const records = commentsOf(item, '10');
    expect(records.map((r) => r.sourceId)).toEqual(['2', '3']);
    expect(records[0]).toMatchObject({
      kind: 'comment',
      text: 'Comment 2\n\nsecond & last',
      postSourceId: '10',
    });
  });

  it('skips spam, bin and pingbacks with a problem, and re-threads their replies', () => {
    const item = emptyItem();
    item.comments.push(
      buildComment('1', '0'),
      buildComment('2', '1', { 'wp:comment_approved': 'spam' }),
      buildComment('3', '2'),
      buildComment('4', '0', { 'wp:comment_type': 'pingback' }),
      buildComment('5', '0', { 'wp:comment_approved': '0' }),
    );
    const records = commentsOf(item, '10');
    expect(
      records.map((r) =>
        r.kind === 'skipped'
          ? r.problem.code
          : `${r.sourceId}<${r.kind === 'comment' ? r.parentSourceId : ''}`,
      ),
    ).toEqual(['comment-skipped:spam', 'comment-skipped:pingback', '1<null', '3<1', '5<null']);
    expect(records.find((r) => r.sourceId === '5')).toMatchObject({ approved: false });
  });

  it('survives a cycle of parents', () => {
    const item = emptyItem();
    item.comments.push(buildComment('1', '2'), buildComment('2', '1'));
    expect(
      commentsOf(item, '10')
        .map((r) => r.sourceId)
        .sort(),
    ).toEqual(['1', '2']);
  });
});

describe('items', () => {
  it('skips pages, menu items and binned posts with a named problem', () => {
    const page = emptyItem();
    Object.assign(page.fields, {
      'wp:post_id': '7',
      'wp:post_type': 'page',
      'wp:status': 'publish',
      title: 'About',
    });
    expect(skippedItemOf(page)).toMatchObject({
      sourceId: 'post:7',
      problem: { code: 'page-skipped', sample: 'About' },
    });
    const menu = emptyItem();
    Object.assign(menu.fields, { 'wp:post_id': '8', 'wp:post_type': 'nav_menu_item' });
    expect(skippedItemOf(menu)?.problem.code).toBe('nav_menu_item-skipped');
    const binned = emptyItem();
    Object.assign(binned.fields, {
      'wp:post_id': '9',
      'wp:post_type': 'post',
      'wp:status': 'trash',
    });
    expect(skippedItemOf(binned)?.problem.code).toBe('post-skipped:trash');
  });

  it('maps pending review to draft and reports an unknown author and a password', () => {
    const item = emptyItem();
    Object.assign(item.fields, {
      'wp:post_id': '11',
      'wp:post_type': 'post',
      'wp:status': 'pending',
      title: 'Fish &amp; chips',
      'dc:creator': 'ghost',
      'wp:post_password': 'secret',
      'wp:post_date': '2026-01-02 03:04:05',
      'wp:post_date_gmt': '0000-00-00 00:00:00',
      link: 'http://old.example/?p=11',
    });
    const post = postOf(item, emptyLookups());
    expect(post).toMatchObject({
      status: 'draft',
      publishedAt: null,
      title: 'Fish & chips',
      slug: 'fish-chips',
      createdAt: new Date('2026-01-02T03:04:05Z'),
      oldPath: '/?p=11',
    });
    expect(post.problems.map((p) => p.code)).toEqual(['unknown-author', 'password-protected']);
  });
});

describe('WordPress dates and paths', () => {
  it('reads the UTC date, or the local one when WordPress wrote zeros', () => {
    expect(parseWpDate('2026-03-14 09:30:00')).toEqual(new Date('2026-03-14T09:30:00Z'));
    expect(parseWpDate('0000-00-00 00:00:00')).toBeNull();
    expect(parseWpDate('soon')).toBeNull();
    expect(wpDateOf('0000-00-00 00:00:00', '2026-03-14 10:30:00')).toEqual(
      new Date('2026-03-14T10:30:00Z'),
    );
  });

  it('keeps the path and query of the old address', () => {
    expect(oldPathOf('http://127.0.0.1:8080/every-block/', 'x')).toBe('/every-block/');
    expect(oldPathOf('not a url', 'hello')).toBe('/hello/');
  });
});
