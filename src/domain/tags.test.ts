import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findTagByLabel,
  normalizeTagLabel,
  suggestTags,
  TAG_LABEL_MAX_LENGTH,
  TagCreateSchema,
  tagLabelKey,
  tagLabelProblem,
} from './tags';

describe('tag labels', () => {
  it('are trimmed, keep single spaces and lose a leading #', () => {
    expect(normalizeTagLabel('  Slow   living \n')).toBe('Slow living');
    expect(normalizeTagLabel('#coffee')).toBe('coffee');
    expect(normalizeTagLabel('## film photography')).toBe('film photography');
    expect(normalizeTagLabel('C#')).toBe('C#');
  });

  it('need a letter or digit and at most the limit', () => {
    expect(tagLabelProblem('   ')).toBe('required');
    expect(tagLabelProblem('#')).toBe('required');
    expect(tagLabelProblem('!!!')).toBe('noLetters');
    expect(tagLabelProblem('x'.repeat(TAG_LABEL_MAX_LENGTH))).toBeNull();
    expect(tagLabelProblem('x'.repeat(TAG_LABEL_MAX_LENGTH + 1))).toBe('tooLong');
    // Characters, not UTF-16 units: 50 emoji-free accented letters are fine.
    expect(tagLabelProblem('é'.repeat(TAG_LABEL_MAX_LENGTH))).toBeNull();
    expect(tagLabelProblem('Café 2')).toBeNull();
  });

  it('parse through the schema the API uses, with the field named', () => {
    expect(TagCreateSchema.parse({ label: '  #Night  trains ' })).toEqual({
      label: 'Night trains',
    });
    const bad = TagCreateSchema.safeParse({ label: ' ' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['label']);
    expect(TagCreateSchema.safeParse({ label: 'ok', extra: 1 }).success).toBe(false);
    expect(TagCreateSchema.safeParse({}).success).toBe(false);
  });

  it('any accepted label is already normal, and normalising twice changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (raw) => {
        const once = normalizeTagLabel(raw);
        expect(normalizeTagLabel(once)).toBe(once);
        const parsed = TagCreateSchema.safeParse({ label: raw });
        if (parsed.success) {
          expect(parsed.data.label).toBe(once);
          expect(tagLabelProblem(parsed.data.label)).toBeNull();
        } else {
          expect(tagLabelProblem(raw)).not.toBeNull();
        }
      }),
    );
  });
});

describe('finding and suggesting tags', () => {
  const tags = [
    { id: '1', label: 'Weekend trips' },
    { id: '2', label: 'Coffee' },
    { id: '3', label: 'Film photography' },
    { id: '4', label: 'Photo walks' },
    { id: '5', label: 'How-to' },
  ];

  it('finds a tag by label whatever the case and spacing', () => {
    expect(findTagByLabel(tags, ' coffee ')?.id).toBe('2');
    expect(findTagByLabel(tags, '#WEEKEND   trips')?.id).toBe('1');
    expect(findTagByLabel(tags, 'tea')).toBeUndefined();
    expect(findTagByLabel(tags, '')).toBeUndefined();
    expect(tagLabelKey('Coffee')).toBe(tagLabelKey(' COFFEE'));
  });

  it('suggests prefixes first, then word starts, then anything containing the text', () => {
    expect(suggestTags(tags, 'pho', new Set()).map((t) => t.id)).toEqual(['4', '3']);
    expect(suggestTags(tags, 'to', new Set()).map((t) => t.id)).toEqual(['5', '3', '4']);
    expect(suggestTags(tags, 'o', new Set(['2'])).map((t) => t.id)).not.toContain('2');
    expect(suggestTags(tags, '', new Set(), 2)).toHaveLength(2);
    expect(suggestTags(tags, 'zzz', new Set())).toEqual([]);
  });
});
