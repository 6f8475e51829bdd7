/**
 * The pages' translations: the translator and its hook live in rich-content/i18n (shared with the
 * renderer); this module adds what pages need around them (per-language translators, titles,
 * text direction).
 */
import { createTranslator, type Translator } from '../rich-content/i18n';

export {
  createTranslator,
  INTERPOLATION_CAP,
  type TranslateOptions,
  TranslationProvider,
  type Translator,
  useTranslation,
} from '../rich-content/i18n';

/** SPEC §9: right-to-left languages. */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

const translators = new Map<string, Translator>();

/** The shared translator of a language with the bundled strings. */
export function translatorFor(language: string): Translator {
  let translator = translators.get(language);
  if (!translator) {
    translator = createTranslator(language);
    translators.set(language, translator);
  }
  return translator;
}

/** `t` for a route's `meta` function, in the language the root loader chose. */
export function metaT(matches: readonly ({ id: string; data?: unknown } | undefined)[]) {
  const root = matches.find((m) => m?.id === 'root')?.data as { language?: string } | undefined;
  return translatorFor(root?.language ?? 'en').t;
}

/** The `<title>` of a blog page: the page's own name, then the site's. */
export function pageTitle(
  matches: Parameters<typeof metaT>[0],
  name: string,
  site: string,
): { title: string } {
  return { title: metaT(matches)('meta.pageTitle', { name, site }) };
}

/** Text direction of a language. */
export function directionOf(language: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(language.split('-')[0]!) ? 'rtl' : 'ltr';
}
