/**
 * The demo website's about page, with the blog's recent posts (the related-posts widget in its
 * "recent" mode, SPEC §2, mounted on a page of the site).
 */
import { useLoaderData } from 'react-router';
import sitePagesEn from '../../../locales/site-pages/en.json';
import { feedSettingsView } from '../../domain/settings';
import { toPostCard } from '../../domain/views';
import { addNamespace } from '../../rich-content/i18n';
import { IconSprite } from '../../widget/components/icons';
import { RelatedPosts } from '../../widget/components/related-posts';
import { SITE_MAIN_ID } from '../../widget/components/skip-link';
import { metaT, useTranslation } from '../../widget/i18n';
import type { Route } from './+types/about';

// These words load with the code that shows them, not in every page's script (decision 001).
addNamespace('site-pages', sitePagesEn);

/** Recent posts for the widget, unless the owner hid related posts (SPEC §3 showRelatedPosts). */
export async function loader({ context }: Route.LoaderArgs) {
  const resolved = await context.reader.getSettings();
  const settings = feedSettingsView(resolved);
  const count = resolved['relatedPosts.count'];
  const recent = settings.display.relatedPosts
    ? (await context.reader.listFeed({ source: 'homepage' }, 1, count)).posts.map(toPostCard)
    : [];
  return {
    recent,
    settings: { display: settings.display, categoryLabel: settings.categoryLabel },
    base: context.site.blogBase,
    now: context.now,
    timeZone: context.site.timeZone,
  };
}

/** Page title. */
export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = (matches[0]?.data as { siteName?: string } | undefined)?.siteName ?? t('site.name');
  return [{ title: t('meta.aboutTitle', { site }) }];
}

/** The about page. */
export default function About() {
  const { t } = useTranslation();
  const { recent, settings, base, now, timeZone } = useLoaderData<typeof loader>();
  return (
    <main className="site-main" id={SITE_MAIN_ID} tabIndex={-1}>
      <div className="site-page">
        <h1>{t('site.about.title')}</h1>
        <p>{t('site.about.body')}</p>
      </div>
      <div className="site-section">
        <IconSprite />
        <RelatedPosts
          posts={recent}
          type="recent"
          base={base}
          now={now}
          timeZone={timeZone}
          settings={settings}
        />
      </div>
    </main>
  );
}
