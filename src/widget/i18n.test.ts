import { describe, expect, it } from 'vitest';
import { createTranslator, directionOf, INTERPOLATION_CAP } from './i18n';

describe('createTranslator', () => {
  const { t } = createTranslator('en', {
    greeting: 'Hello {{name}}',
    nested: { deep: { key: 'Deep value' } },
    post: { minutes_one: '{{count}} minute', minutes_other: '{{count}} minutes' },
  });

  it('looks up nested keys and interpolates', () => {
    expect(t('nested.deep.key')).toBe('Deep value');
    expect(t('greeting', { name: 'Ada' })).toBe('Hello Ada');
  });

  it('chooses the plural form by count', () => {
    expect(t('post.minutes', { count: 1 })).toBe('1 minute');
    expect(t('post.minutes', { count: 5 })).toBe('5 minutes');
    expect(t('post.minutes', { count: 0 })).toBe('0 minutes');
  });

  it('falls back to English, then to the key', () => {
    const french = createTranslator('fr', { feed: { allPostsTitle: 'Tous les articles' } });
    expect(french.t('feed.allPostsTitle')).toBe('Tous les articles');
    expect(french.t('notFound.back')).toBe('Back to home');
    expect(french.t('no.such.key')).toBe('no.such.key');
  });

  it('uses the language plural rules', () => {
    const polish = createTranslator('pl', {
      x_one: 'one',
      x_few: 'few',
      x_many: 'many',
      x_other: 'other',
    });
    expect([1, 3, 5].map((count) => polish.t('x', { count }))).toEqual(['one', 'few', 'many']);
  });

  it('caps interpolation at the SPEC limit', () => {
    const many = '{{a}}'.repeat(INTERPOLATION_CAP + 5);
    const out = createTranslator('en', { many }).t('many', { a: 'x' });
    expect(out.startsWith('x'.repeat(INTERPOLATION_CAP))).toBe(true);
    expect(out.endsWith('{{a}}')).toBe(true);
  });

  it('gives the text direction', () => {
    expect(directionOf('he')).toBe('rtl');
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});
