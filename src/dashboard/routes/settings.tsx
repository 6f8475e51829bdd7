/**
 * `/dashboard/settings` (issue 18 § Blog settings), owners: the blog's own settings in one form.
 * The values come from the same service `GET /api/dashboard/settings` answers with; the lists
 * of languages and time zones are made here, on the server, so the page the browser hydrates has
 * the very options the server rendered (and accepts).
 */
import { useLoaderData } from 'react-router';
import settingsEn from '../../../locales/dashboard-settings/en.json';
import { BLOG_LANGUAGES } from '../../domain/blog-settings';
import { addNamespace } from '../../rich-content/i18n';
import { dashboardHeaders, loadArea } from '../area-loader';
import { SettingsScreen } from '../settings/settings-screen';
import type { Route } from './+types/settings';

// The screen's words travel with it (locales/dashboard-settings), not with the blog's pages.
addNamespace('dashboard-settings', settingsEn);

/** Every IANA zone the runtime knows, `UTC` first (Node 20 lists it only as an alias). */
function timeZoneChoices(current: string): string[] {
  const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  zones.add(current);
  return [...zones];
}

/** SPEC §9's languages by their names in the dashboard's language, sorted by name. */
function languageChoices(language: string): { code: string; name: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'language' });
  } catch {
    names = null;
  }
  return BLOG_LANGUAGES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, language),
  );
}

/** The blog's settings and the choices of its selects, or the refusal the layout shows. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadArea(context, 'settings', async () => {
    const view = await context.dashboard.settings.get();
    return {
      view,
      timeZones: timeZoneChoices(view.values.timeZone),
      languages: languageChoices(context.language),
      blogBase: context.site.blogBase,
      origin: context.site.origin,
    };
  });
}

export const headers = dashboardHeaders;

/** The settings screen. */
export default function Screen() {
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return <SettingsScreen {...value} />;
}
