import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInReview, PostSendBackSchema, REVIEW_NOTE_MAX_LENGTH } from './post-review';
import {
  POST_REVISION_COALESCE_MS,
  RevisionListQuerySchema,
  RevisionParamsSchema,
  shouldCoalesce,
  summarizeRevision,
  wordChanges,
} from './post-revisions';

describe('wordChanges', () => {
  it('counts words added and removed as multisets, moves count as neither', () => {
    expect(wordChanges('the ferry left', 'the ferry left at dawn')).toEqual({
      added: 2,
      removed: 0,
    });
    expect(wordChanges('high water twice', 'low water')).toEqual({ added: 1, removed: 2 });
    expect(wordChanges('one two three', 'three two one')).toEqual({ added: 0, removed: 0 });
    expect(wordChanges('Gull gull', 'gull')).toEqual({ added: 0, removed: 1 });
  });

  it('is the same change read backwards (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const forward = wordChanges(a, b);
        const backward = wordChanges(b, a);
        expect(backward).toEqual({ added: forward.removed, removed: forward.added });
      }),
    );
  });
});

describe('summarizeRevision', () => {
  const state = (title: string, text: string, status = 'unpublished') => ({ title, text, status });

  it('compares with the revision before: words, title, status', () => {
    expect(summarizeRevision(null, state('A', 'one two'))).toEqual({
      wordsAdded: 2,
      wordsRemoved: 0,
      isTitleChanged: false,
    });
    expect(
      summarizeRevision(state('A', 'one two'), state('B', 'one three', 'in_review'), {
        restoredFrom: 3,
      }),
    ).toEqual({
      wordsAdded: 1,
      wordsRemoved: 1,
      isTitleChanged: true,
      statusFrom: 'unpublished',
      statusTo: 'in_review',
      restoredFrom: 3,
    });
  });
});

describe('shouldCoalesce', () => {
  const at = new Date('2026-11-26T12:00:00Z');
  const ago = (ms: number) => new Date(at.getTime() - ms);
  const save = (authorId: string | null, ms: number) => ({
    kind: 'save',
    authorId,
    createdAt: ago(ms),
  });

  it('folds a save by the same writer into a save started less than 5 minutes before', () => {
    expect(shouldCoalesce(save('w', 60_000), 'w', at)).toBe(true);
    expect(shouldCoalesce(save('w', POST_REVISION_COALESCE_MS - 1), 'w', at)).toBe(true);
  });

  it('starts a new revision otherwise', () => {
    expect(shouldCoalesce(save('w', POST_REVISION_COALESCE_MS), 'w', at)).toBe(false);
    expect(shouldCoalesce(save('other', 1000), 'w', at)).toBe(false);
    expect(shouldCoalesce({ ...save('w', 1000), kind: 'publish' }, 'w', at)).toBe(false);
    expect(shouldCoalesce(save(null, 1000), null, at)).toBe(false);
    expect(shouldCoalesce(null, 'w', at)).toBe(false);
    // A clock that went backwards never folds.
    expect(shouldCoalesce(save('w', -1000), 'w', at)).toBe(false);
  });
});

describe('the review and revisions schemas', () => {
  it('takes a note of 1..REVIEW_NOTE_MAX_LENGTH characters, trimmed', () => {
    expect(PostSendBackSchema.parse({ note: '  Add a photo ' })).toEqual({ note: 'Add a photo' });
    for (const note of ['', '   ', 'x'.repeat(REVIEW_NOTE_MAX_LENGTH + 1)]) {
      expect(PostSendBackSchema.safeParse({ note }).success).toBe(false);
    }
    expect(PostSendBackSchema.safeParse({ note: 'a\u0000b' }).success).toBe(false);
    expect(PostSendBackSchema.safeParse({ note: 'ok', extra: 1 }).success).toBe(false);
  });

  it('parses a revision number and the list query', () => {
    const id = '6f1c3f0e-6a6b-4b8e-9a59-0d2b2b0b6f10';
    expect(RevisionParamsSchema.parse({ id, rev: '3' })).toEqual({ id, rev: 3 });
    expect(RevisionParamsSchema.safeParse({ id, rev: '0' }).success).toBe(false);
    expect(RevisionListQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(RevisionListQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
  });

  it('reads both waiting statuses as in review', () => {
    expect(['in_review', 'in_moderation', 'unpublished', 'published'].map(isInReview)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
