import { describe, expect, it } from 'vitest';
import {
  POST_CATEGORIES_MAX,
  POST_TITLE_MAX_LENGTH,
  PostCreateSchema,
  PostIdParamsSchema,
  PostPublishSchema,
  PostSaveSchema,
  PostUnpublishSchema,
  requiredFieldsProblem,
} from './post-editor';

const ID = '0b6f6f1e-3c1d-4c39-9a3e-6d1f4b1f2a01';
const OTHER_ID = '7d2f3a55-1b0c-4e7e-8f3a-2c9b0d1e4f02';

describe('PostSaveSchema', () => {
  it('needs the revision a save started from and takes every field as optional', () => {
    expect(PostSaveSchema.parse({ revision: 3 })).toEqual({ revision: 3 });
    expect(PostSaveSchema.safeParse({ title: 'x' }).success).toBe(false);
    expect(PostSaveSchema.safeParse({ revision: 0 }).success).toBe(false);
    expect(PostSaveSchema.safeParse({ revision: 1.5 }).success).toBe(false);
  });

  it('accepts the whole editable state', () => {
    const input = {
      revision: 1,
      title: 'Title',
      excerpt: '',
      content: { nodes: [] },
      coverImage: { isEnabled: true, mediaId: null },
      categoryIds: [ID],
      tagIds: [ID, OTHER_ID],
      language: 'pt-BR',
      isCommentsDisabled: true,
    };
    expect(PostSaveSchema.parse(input)).toEqual(input);
  });

  it('refuses unknown keys, long titles, repeated or foreign-shaped ids, bad languages', () => {
    const bad = [
      { revision: 1, status: 'published' },
      { revision: 1, title: 'x'.repeat(POST_TITLE_MAX_LENGTH + 1) },
      { revision: 1, categoryIds: [ID, ID] },
      { revision: 1, categoryIds: ['not-an-id'] },
      { revision: 1, categoryIds: Array.from({ length: POST_CATEGORIES_MAX + 1 }, () => ID) },
      { revision: 1, language: 'English' },
      { revision: 1, coverImage: { isEnabled: true, mediaId: 'x' } },
    ];
    for (const input of bad)
      expect(PostSaveSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });
});

describe('PostPublishSchema and friends', () => {
  it('publishes now without a body, or at an ISO date with an offset', () => {
    expect(PostPublishSchema.parse(undefined)).toEqual({});
    expect(PostPublishSchema.parse({ scheduledFor: '2031-05-01T09:00:00+02:00' })).toEqual({
      scheduledFor: '2031-05-01T09:00:00+02:00',
    });
    expect(PostPublishSchema.safeParse({ scheduledFor: 'tomorrow' }).success).toBe(false);
    expect(PostPublishSchema.safeParse({ scheduledFor: '2031-05-01' }).success).toBe(false);
  });

  it('takes optional bodies for create and unpublish, and a uuid id', () => {
    expect(PostCreateSchema.parse(undefined)).toEqual({});
    expect(PostUnpublishSchema.parse({ revision: 2 })).toEqual({ revision: 2 });
    expect(PostIdParamsSchema.safeParse({ id: ID }).success).toBe(true);
    expect(PostIdParamsSchema.safeParse({ id: '1' }).success).toBe(false);
  });
});

describe('requiredFieldsProblem (SPEC §5)', () => {
  it('names the title, the content, or both as "some fields"', () => {
    expect(requiredFieldsProblem({ title: 'A title', isContentEmpty: false })).toBeNull();
    expect(requiredFieldsProblem({ title: '  ', isContentEmpty: false })).toMatchObject({
      code: 'post_title_required',
      fields: { title: expect.any(String) },
    });
    expect(requiredFieldsProblem({ title: 'A title', isContentEmpty: true })).toMatchObject({
      code: 'post_content_required',
      fields: { content: expect.any(String) },
    });
    const both = requiredFieldsProblem({ title: '', isContentEmpty: true });
    expect(both?.code).toBe('post_fields_required');
    expect(both?.message).toBe('Some fields are required');
    expect(Object.keys(both?.fields ?? {}).sort()).toEqual(['content', 'title']);
  });
});

describe('PostSaveSchema — per-post SEO (issue 19)', () => {
  const fieldsOf = (body: object) => {
    const result = PostSaveSchema.safeParse({ revision: 1, ...body });
    return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
  };

  it('takes the SEO fields within their limits', () => {
    expect(
      fieldsOf({
        seoTitle: 't'.repeat(120),
        seoDescription: 'd'.repeat(320),
        slug: 'tide-tables-2',
        canonicalUrl: ' https://example.org/tides ',
        noindex: true,
        socialImageId: null,
      }),
    ).toEqual([]);
    const parsed = PostSaveSchema.parse({ revision: 1, canonicalUrl: ' https://example.org/x ' });
    expect(parsed.canonicalUrl).toBe('https://example.org/x');
    expect(fieldsOf({ canonicalUrl: '' })).toEqual([]);
  });

  it('names the field it refuses', () => {
    expect(fieldsOf({ seoTitle: 't'.repeat(121) })).toEqual(['seoTitle']);
    expect(fieldsOf({ seoDescription: 'd'.repeat(321) })).toEqual(['seoDescription']);
    for (const canonicalUrl of ['/tides', 'mailto:a@b.c', 'javascript:alert(1)', 'tides']) {
      expect(fieldsOf({ canonicalUrl }), canonicalUrl).toEqual(['canonicalUrl']);
    }
    for (const slug of ['', 'Tides', 'tides--2', '-tides', 'search', 'edit', 'x'.repeat(101)]) {
      expect(
        fieldsOf({ slug }).every((field) => field === 'slug'),
        slug,
      ).toBe(true);
      expect(fieldsOf({ slug }).length, slug).toBeGreaterThan(0);
    }
    expect(fieldsOf({ socialImageId: 'not-a-uuid' })).toEqual(['socialImageId']);
    expect(fieldsOf({ noindex: 'yes' })).toEqual(['noindex']);
  });
});
