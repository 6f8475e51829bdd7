import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOG_LANGUAGES } from '../../src/domain/blog-settings';
import { INTERPOLATION_CAP } from '../../src/rich-content/i18n';
import allowlist from './allowlist.json';
import {
  type Allowlist,
  checkLocales,
  hasNothingToTranslate,
  interpolationsOf,
  type Problem,
  pluralCategoriesOf,
} from './check';
import { scanHtml } from './html';
import { loadAllowlist, loadLocales } from './load';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/** The problems of a fixture folder, as `file key: message` with the folder left out. */
function check(fixture: string, options: { requiredLanguages?: string[] } = {}): string[] {
  const files = loadLocales(path.join(FIXTURES, fixture), fixture);
  return lines(checkLocales(files, { allowlist: allowlist as Allowlist, ...options }));
}

function lines(problems: Problem[]): string[] {
  return problems.map((p) => `${p.file} ${p.key}: ${p.message}`).sort();
}

describe('i18n:check', () => {
  it('passes clean locales: plurals of ru and ar, nesting, HTML, "OK" allowlisted', () => {
    expect(check('clean')).toEqual([]);
  });

  it('passes on the repository’s own locales', () => {
    const files = loadLocales(path.join(import.meta.dirname, '../../locales'), 'locales');
    expect(files.some((f) => f.namespace === '' && f.language === 'en')).toBe(true);
    // Every language of SPEC §9, in every namespace: a key cannot land in English alone.
    expect(
      checkLocales(files, { allowlist: loadAllowlist(), requiredLanguages: BLOG_LANGUAGES }),
    ).toEqual([]);
  });

  it('finds missing, extra and mistyped keys, unknown languages and missing namespaces', () => {
    expect(check('keys')).toEqual([
      'keys/es.json menu.home: missing (English has it)',
      'keys/es.json menu.home: value must be a string or an object, not 7',
      'keys/fr.json greeting: missing (English has it)',
      'keys/fr.json menu.about: not in English (remove it or add it to English)',
      'keys/fr.json stray: not in English (remove it or add it to English)',
      'keys/menu/es.json : missing: es has locale files in other namespaces',
      'keys/xx.json : "xx" is not a language of SPEC §9',
    ]);
  });

  it('requires every language of a given list (a key cannot land in English alone)', () => {
    const problems = check('clean', { requiredLanguages: ['en', 'de', 'ru', 'ar', 'fi'] });
    expect(problems).toEqual([
      'clean/fi.json : missing: fi has locale files in other namespaces',
      'clean/search/fi.json : missing: fi has locale files in other namespaces',
    ]);
  });

  it('finds placeholders and nestings that differ from English', () => {
    expect(check('placeholders')).toEqual([
      'placeholders/it.json greeting: missing placeholders name',
      'placeholders/it.json greeting: placeholders not in English: nome',
      'placeholders/it.json nested: missing placeholders $t(common.title)',
      'placeholders/it.json nested: placeholders not in English: $t(common.titolo)',
    ]);
  });

  it('requires exactly the plural categories of the language', () => {
    expect(check('plurals')).toEqual([
      // English's special zero must be kept in every language.
      'plurals/ja.json likes_zero: missing plural form "zero" (ja needs other)',
      'plurals/ja.json posts_one: plural form "one" is not one of ja\'s (other)',
      'plurals/pl.json likes_two: plural form "two" is not one of pl\'s (one, few, many, other)',
      'plurals/ru.json posts_few: missing plural form "few" (ru needs one, few, many, other)',
      // A form may leave {{count}} out (pl "Jeden wpis"), never another placeholder.
      'plurals/ru.json posts_many: missing placeholders name',
    ]);
  });

  it('finds strings left in English unless allowlisted or with nothing to translate', () => {
    expect(check('identical')).toEqual([
      'identical/nl.json share: identical to English ("Share on Pinterest"); translate it or add it to the allowlist',
      'identical/nl.json title: identical to English ("Settings"); translate it or add it to the allowlist',
    ]);
    const byKey = checkLocales(loadLocales(path.join(FIXTURES, 'identical'), 'identical'), {
      allowlist: { values: ['OK', 'Inkwell'], keys: { nl: [':title', ':share'] } },
    });
    expect(byKey).toEqual([]);
  });

  it('finds malformed HTML, tags not allowed or not lowercase, and attributes', () => {
    expect(check('html')).toEqual([
      'html/en.json broken: <b> is never closed',
      'html/fi.json broken: </b> closes nothing',
      'html/fi.json plain: HTML tags differ from English: [b br strong] instead of [b br em]',
      'html/fi.json plain: attribute "onclick" on <b> is not allowed',
      'html/sv.json broken: HTML tags differ from English: [b script] instead of [b]',
      'html/sv.json broken: tag <script> is not allowed',
      'html/sv.json plain: </i> closes <em>',
      'html/sv.json plain: closing tag </B> is not lowercase',
      'html/sv.json plain: tag <B> is not lowercase',
    ]);
  });

  it('enforces the interpolation cap of SPEC §9', () => {
    const many = (count: number) => 'x{{a}}'.repeat(count);
    const files = [
      { namespace: '', language: 'en', file: 'en.json', messages: { at: many(INTERPOLATION_CAP) } },
      {
        namespace: '',
        language: 'de',
        file: 'de.json',
        messages: { at: `${many(INTERPOLATION_CAP)}{{a}}` },
      },
    ];
    expect(lines(checkLocales(files, { allowlist: allowlist as Allowlist }))).toEqual([
      `de.json at: ${INTERPOLATION_CAP + 1} interpolations, more than the cap of ${INTERPOLATION_CAP} (SPEC §9)`,
    ]);
  });

  it('checks English plural groups against English rules', () => {
    const files = [
      {
        namespace: '',
        language: 'en',
        file: 'en.json',
        messages: { a_one: 'one', b_one: 'one', b_few: 'few', b_other: 'other' },
      },
    ];
    expect(lines(checkLocales(files, { allowlist: allowlist as Allowlist }))).toEqual([
      'en.json a_other: missing plural form "other" (en needs one, other)',
      'en.json b_few: plural form "few" is not one of en\'s (one, other)',
    ]);
  });

  it('reports a namespace without English', () => {
    const files = [{ namespace: 'x', language: 'de', file: 'x/de.json', messages: {} }];
    expect(lines(checkLocales(files, { allowlist: allowlist as Allowlist }))).toEqual([
      'x/de.json : no English file in this namespace',
    ]);
  });
});

describe('helpers', () => {
  it('gives CLDR categories in i18next order', () => {
    expect(pluralCategoriesOf('ar')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(pluralCategoriesOf('ru')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralCategoriesOf('ja')).toEqual(['other']);
    expect(pluralCategoriesOf('en')).toEqual(['one', 'other']);
  });

  it('names i18next interpolations and nestings', () => {
    expect(interpolationsOf('{{a}} {{- b}} {{ c, number }} $t(x.y) $t(z, { "n": 1 })')).toEqual([
      'a',
      'b',
      'c',
      '$t(x.y)',
      '$t(z)',
    ]);
    expect(hasNothingToTranslate('{{from}} – {{to}} (3)')).toBe(true);
    expect(hasNothingToTranslate('{{count}} posts')).toBe(false);
  });

  it('reads text with a lone "<" or an entity as text', () => {
    expect(scanHtml('a < b &amp; c > d')).toEqual({ tags: [], problems: [] });
    expect(scanHtml('<b>ok</b><br>').problems).toEqual([]);
    expect(scanHtml('<b/>').problems).toEqual(['<b/> is not a void element']);
  });
});
