import { describe, expect, it } from 'vitest';
import { feedEmptyStateKeys, isMultilingual, languageName } from './empty-states';

describe('feedEmptyStateKeys', () => {
  it('tells readers posts are on the way', () => {
    expect(feedEmptyStateKeys({ isEditor: false, isMultilingual: false })).toEqual({
      title: 'feed.empty.title',
      text: 'feed.empty.text',
    });
  });

  it('speaks of the reader’s language on a multilingual site', () => {
    expect(feedEmptyStateKeys({ isEditor: false, isMultilingual: true })).toEqual({
      title: 'feed.empty.multilingualTitle',
      text: 'feed.empty.multilingualText',
    });
  });

  it('gives the owner in the editor the editor’s variant, multilingual or not', () => {
    for (const multilingual of [false, true]) {
      expect(feedEmptyStateKeys({ isEditor: true, isMultilingual: multilingual }).title).toBe(
        'feed.empty.editorTitle',
      );
    }
  });
});

describe('isMultilingual', () => {
  it('needs two different languages', () => {
    expect(isMultilingual({ languages: ['en'] })).toBe(false);
    expect(isMultilingual({ languages: ['en', 'en'] })).toBe(false);
    expect(isMultilingual({ languages: ['en', 'fr'] })).toBe(true);
  });
});

describe('languageName', () => {
  it('names a language in the reader’s language', () => {
    expect(languageName('fr', 'en')).toBe('French');
    expect(languageName('de', 'fr')).toBe('allemand');
  });

  it('falls back to the code for a malformed code', () => {
    expect(languageName('not a code', 'en')).toBe('not a code');
  });
});
