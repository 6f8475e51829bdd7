/**
 * Which words an empty feed says (SPEC §2 "Empty states"): readers are told posts are on the
 * way; the owner in the editor is told how the feed will fill; a multilingual site says that
 * nothing is published in the reader's language yet, since other languages may have posts.
 */

/** What the empty all-posts feed is shown to. */
export interface FeedEmptyContext {
  isEditor: boolean;
  /** The site is published in more than one language. */
  isMultilingual: boolean;
}

/** i18next keys of the empty feed's title and text. The editor's variant wins. */
export function feedEmptyStateKeys({ isEditor, isMultilingual }: FeedEmptyContext): {
  title: string;
  text: string;
} {
  if (isEditor) return { title: 'feed.empty.editorTitle', text: 'feed.empty.editorText' };
  if (isMultilingual) {
    return { title: 'feed.empty.multilingualTitle', text: 'feed.empty.multilingualText' };
  }
  return { title: 'feed.empty.title', text: 'feed.empty.text' };
}

/** A site is multilingual when it is published in more than one language. */
export function isMultilingual(site: { languages: readonly string[] }): boolean {
  return new Set(site.languages).size > 1;
}

/**
 * The name of a language in the reader's language ("French" for `fr` read in English), or the
 * code itself when the runtime does not know it.
 */
export function languageName(code: string, readerLanguage: string): string {
  try {
    return new Intl.DisplayNames([readerLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
