import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flatten, interpolationsOf, type Messages } from './check';
import { scanHtml } from './html';
import { loadLocales } from './load';
import { PSEUDO_GROWTH, pseudoMessages, pseudoString } from './pseudo';

/** Characters a reader sees: without placeholders, nestings and tags. */
function visibleLength(text: string): number {
  return [...text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|<[^<>]*>/g, '')].length;
}

describe('pseudo-locale', () => {
  it('accents letters, adds brackets and makes text about 40% longer', () => {
    const pseudo = pseudoString('Search the blog');
    expect(pseudo).toMatch(/^\[Šéáŕçĥ ţĥé ƀļöĝ .+\]$/);
    expect(visibleLength(pseudo)).toBe(Math.ceil(15 * (1 + PSEUDO_GROWTH)));
    expect(pseudo).not.toMatch(/[a-zA-Z]/);
  });

  it('keeps placeholders, nestings, HTML tags and entities intact', () => {
    const english = 'Hi {{name}}, <b>{{count}}</b> new in $t(app.title) &amp; <em>more</em><br>';
    const pseudo = pseudoString(english);
    expect(interpolationsOf(pseudo)).toEqual(interpolationsOf(english));
    expect(scanHtml(pseudo)).toEqual(scanHtml(english));
    expect(pseudo).toContain('&amp;');
  });

  it('leaves strings with nothing to read as they are', () => {
    expect(pseudoString('{{count}}')).toBe('{{count}}');
    expect(pseudoString('')).toBe('');
  });

  it('keeps every key of the real English files, plural keys included', () => {
    const english = loadLocales(path.join(import.meta.dirname, '../../locales'), 'locales').filter(
      (f) => f.language === 'en',
    );
    for (const file of english) {
      const keys = flatten(file.messages);
      const pseudo = flatten(pseudoMessages(file.messages as Messages));
      expect([...pseudo.keys()]).toEqual([...keys.keys()]);
      for (const [key, value] of keys) {
        const made = pseudo.get(key)!;
        expect(interpolationsOf(made), `${file.file} ${key}`).toEqual(interpolationsOf(value));
        expect(visibleLength(made)).toBeGreaterThanOrEqual(visibleLength(value));
      }
    }
    expect(
      english.some((f) => [...flatten(f.messages).keys()].some((k) => k.endsWith('_one'))),
    ).toBe(true);
  });
});
