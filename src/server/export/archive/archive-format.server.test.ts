/**
 * The archive's format (decision 057 "The Inkwell archive"): every table of the schema is either
 * carried by a kind or named, with its reason, as left behind, so a new table gets a decision;
 * and a record is read back only when each field fits its column.
 */
import { getTableColumns, getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members, posts } from '../../db/schema.server';
import {
  ARCHIVE_KIND_SPECS,
  ARCHIVE_KINDS,
  NOT_ARCHIVED,
  SITE_LEFT_OUT,
  schemaTableNames,
} from './archive-format.server';
import { ArchiveRecordError, archivedColumns, recordOf, rowOf } from './archive-records.server';

describe('the Inkwell archive format', () => {
  it('decides for every table of the schema: carried by a kind, or left behind with a reason', () => {
    const carried = ARCHIVE_KINDS.map((kind) => getTableName(ARCHIVE_KIND_SPECS[kind].table));
    const undecided = schemaTableNames().filter(
      (name) => !carried.includes(name) && !(name in NOT_ARCHIVED),
    );
    expect(undecided).toEqual([]);
    expect(carried.filter((name) => name in NOT_ARCHIVED)).toEqual([]);
    expect(Object.keys(NOT_ARCHIVED).filter((name) => !schemaTableNames().includes(name))).toEqual(
      [],
    );
  });

  it('leaves out only columns that exist, and never the post’s counts', () => {
    for (const kind of ARCHIVE_KINDS) {
      const { table, leftOut } = ARCHIVE_KIND_SPECS[kind];
      const columns = Object.keys(getTableColumns(table));
      expect(Object.keys(leftOut).filter((column) => !columns.includes(column))).toEqual([]);
    }
    const carried = archivedColumns(posts, {}).map(([property]) => property);
    expect(carried).toEqual(expect.arrayContaining(['likeCount', 'ratingCount', 'ratingSum']));
    expect(carried).not.toContain('siteId');
    expect(carried).not.toContain('searchVector');
    expect(Object.keys(SITE_LEFT_OUT)).toEqual(['id', 'host', 'scheme', 'isDefault', 'createdAt']);
  });

  it('reads a record back into the row it came from', () => {
    const columns = archivedColumns(members, {});
    const row = {
      siteId: 'dropped',
      id: '6f1c2d8e-0b7a-4c39-9a51-3e2f4b5c6d7e',
      slug: 'ada',
      name: 'Ada',
      email: null,
      image: { id: 'x', width: 1, height: 1 },
      createdAt: new Date('2026-01-02T03:04:05.678Z'),
    };
    const record = JSON.parse(JSON.stringify(recordOf(columns, row)));
    expect(record.siteId).toBeUndefined();
    const back = rowOf(columns, record, 'members.jsonl line 1');
    const { siteId: _site, ...carried } = row;
    expect(back).toEqual(carried);
    expect(back.createdAt).toEqual(row.createdAt);
  });

  it('names the line and the field of a record that does not fit', () => {
    const columns = archivedColumns(members, {});
    const read = (record: unknown) => () => rowOf(columns, record, 'members.jsonl line 3');
    const id = '6f1c2d8e-0b7a-4c39-9a51-3e2f4b5c6d7e';
    expect(read([])).toThrow('members.jsonl line 3: not a JSON object');
    expect(read({ id, slug: 'a' })).toThrow('field "name" is missing');
    expect(read({ id, slug: 'a', name: null })).toThrow('field "name" is null');
    expect(read({ id, slug: 'a', name: 'A', postCount: 1.5 })).toThrow(
      'field "postCount" must be a whole number',
    );
    expect(read({ id, slug: 'a', name: 'A', createdAt: 'yesterday' })).toThrow(
      'field "createdAt" must be an ISO date and time',
    );
    expect(read({ id, slug: 'a', name: 'A', passwordHash: 'x' })).toThrow(
      'unknown field "passwordHash"',
    );
    expect(read({ id, slug: 'a', name: 'A', postCount: '1' })).toThrow(ArchiveRecordError);
  });
});
