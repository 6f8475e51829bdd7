import { describe, expect, it } from 'vitest';
import { createTranslator } from './i18n';

/** A message with every i18next plural suffix, each answering its own category's name. */
const ALL_FORMS = {
  n_zero: 'zero',
  n_one: 'one',
  n_two: 'two',
  n_few: 'few',
  n_many: 'many',
  n_other: 'other',
};
/** The same without `_zero`: i18next's special zero would otherwise answer every 0. */
const { n_zero: _zero, ...WITHOUT_ZERO } = ALL_FORMS;

function formsOf(language: string, counts: number[], messages = WITHOUT_ZERO): string[] {
  const { t } = createTranslator(language, messages);
  return counts.map((count) => t('n', { count }));
}

// Issue 22: one language of each plural family, with CLDR's categories (Intl.PluralRules).
describe('plural forms by language', () => {
  it('Arabic has zero, one, two, few, many and other', () => {
    const counts = [0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111, 1.5];
    expect(formsOf('ar', counts, ALL_FORMS)).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'few',
      'many',
      'many',
      'other',
      'other',
      'other',
      'few',
      'many',
      'other',
    ]);
    // A missing form falls back to `_other`.
    expect(formsOf('ar', [0])).toEqual(['other']);
  });

  it('Russian has one, few, many and other', () => {
    expect(formsOf('ru', [1, 21, 2, 3, 4, 22, 5, 11, 12, 14, 20, 25, 111, 0, 1.5])).toEqual([
      'one',
      'one',
      'few',
      'few',
      'few',
      'few',
      'many',
      'many',
      'many',
      'many',
      'many',
      'many',
      'many',
      'many',
      'other',
    ]);
  });

  it('Polish has one, few, many and other (21 is many, unlike Russian)', () => {
    expect(formsOf('pl', [1, 2, 4, 22, 24, 5, 12, 21, 25, 0, 1.5])).toEqual([
      'one',
      'few',
      'few',
      'few',
      'few',
      'many',
      'many',
      'many',
      'many',
      'many',
      'other',
    ]);
  });

  it('Japanese has other only', () => {
    expect(formsOf('ja', [0, 1, 2, 5, 21, 100])).toEqual(Array(6).fill('other'));
  });

  it('English has one and other', () => {
    expect(formsOf('en', [1, 0, 2, 21, 1.5])).toEqual(['one', 'other', 'other', 'other', 'other']);
  });

  it('uses a `_zero` form for 0 in any language, as i18next does, and only for 0', () => {
    const messages = { n_zero: 'none', n_one: 'one', n_other: 'other' };
    const { t } = createTranslator('en', messages);
    // The order matters: the translator remembers what each count resolved to.
    expect([0, 5, 0, 1].map((count) => t('n', { count }))).toEqual([
      'none',
      'other',
      'none',
      'one',
    ]);
    const japanese = createTranslator('ja', { n_zero: 'なし', n_other: '{{count}} 件' });
    expect([7, 0].map((count) => japanese.t('n', { count }))).toEqual(['7 件', 'なし']);
  });
});
