import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import postsEn from '../../../locales/dashboard-posts/en.json';
import postsRu from '../../../locales/dashboard-posts/ru.json';
import {
  addMessages,
  addNamespace,
  createTranslator,
  TranslationProvider,
} from '../../rich-content/i18n';
import { ConfirmDialog, type ConfirmKind, OwnerDialog } from './dialogs';

addNamespace('dashboard-posts', postsEn);
addMessages('ru', 'dashboard-posts', postsRu);

const noop = () => undefined;

/** The dialog's text paragraph, as rendered in `language`. */
function textOf(language: string, dialog: React.ReactNode): string {
  const html = renderToString(
    <TranslationProvider value={createTranslator(language)}>{dialog}</TranslationProvider>,
  );
  const text = /<p class="dash-confirm__text">(.*?)<\/p>/s.exec(html)?.[1] ?? '';
  return text.replace(/<!-- -->/g, '').replace(/&quot;/g, '"');
}

const confirm = (kind: ConfirmKind, count: number) => (
  <ConfirmDialog kind={kind} count={count} title="Spring notes" close={noop} />
);
const owner = (count: number) => (
  <OwnerDialog authors={[]} count={count} title="Spring notes" close={noop} />
);

// Issue 22: a post's title only when exactly one post is chosen. Russian's `one` form also
// answers 21, 31…, so a title in it would name one post of 21.
describe('the Posts dialogs name one post, count several', () => {
  it('names the post when one is chosen', () => {
    expect(textOf('en', confirm('trash', 1))).toBe(
      '“Spring notes” leaves the blog. You can restore it from the trash.',
    );
    expect(textOf('en', owner(1))).toBe('Hand “Spring notes” to another writer.');
    expect(textOf('ru', confirm('delete-forever', 1))).toContain('«Spring notes»');
  });

  it('counts posts otherwise, 21 in Russian included', () => {
    expect(textOf('en', confirm('revert-to-draft', 3))).toBe(
      'Readers will no longer see these 3 posts.',
    );
    for (const kind of ['trash', 'delete-forever', 'revert-to-draft'] as const) {
      const text = textOf('ru', confirm(kind, 21));
      expect(text).toContain('21');
      expect(text).not.toContain('Spring notes');
    }
    expect(textOf('ru', owner(21))).toBe('Передать 21 пост другому автору.');
    expect(textOf('ru', owner(5))).toBe('Передать 5 постов другому автору.');
  });
});
