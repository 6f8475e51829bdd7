/**
 * `/dashboard/preferences` (issue 22): the member's own preferences, where WordPress keeps a
 * user's Language ("Site default" first): the language of their dashboard and editors. Any member
 * who may open the dashboard reaches it from the top bar's avatar and from the header's profile
 * menu (which the post editor shows too). The options are made here, on the server, so the page
 * the browser hydrates has the very options the server rendered.
 */
import { data, useLoaderData } from 'react-router';
import { BLOG_LANGUAGES } from '../../domain/blog-settings';
import { isBlogLanguage } from '../../domain/member-preferences';
import { dashboardHeaders, dashboardRefusal } from '../area-loader';
import { type LanguageChoice, PreferencesScreen } from '../preferences/preferences-screen';
import type { Route } from './+types/preferences';

/** A language's name in that language ("Deutsch", "日本語"), as its speakers look for it. */
function ownNameOf(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    // Names in lowercase ("español", "français") begin a list item with a capital.
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

/** SPEC §9's languages, each by its own name, sorted by it. */
function languageChoices(): LanguageChoice[] {
  return BLOG_LANGUAGES.map((code) => ({ code, name: ownNameOf(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, 'en'),
  );
}

/** The member's choice and the languages to choose from, or the refusal the layout shows. */
export async function loader({ context }: Route.LoaderArgs) {
  const refusal = dashboardRefusal(context);
  if (refusal || !context.member) {
    const reason = refusal ?? 'login-required';
    return data(
      { refusal: reason, value: null },
      { status: reason === 'login-required' ? 401 : 403 },
    );
  }
  return data({
    refusal: null,
    value: {
      uiLanguage: isBlogLanguage(context.memberLanguage) ? context.memberLanguage : null,
      siteLanguage: { code: context.site.language, name: ownNameOf(context.site.language) },
      languages: languageChoices(),
    },
  });
}

export const headers = dashboardHeaders;

/** The preferences screen. */
export default function Screen() {
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return <PreferencesScreen {...value} />;
}
