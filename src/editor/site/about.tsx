/**
 * The demo website's about page.
 */
import { metaT, useTranslation } from '../../widget/i18n';
import type { Route } from './+types/about';

/** Page title. */
export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = (matches[0]?.data as { siteName?: string } | undefined)?.siteName ?? t('site.name');
  return [{ title: t('meta.aboutTitle', { site }) }];
}

/** The about page. */
export default function About() {
  const { t } = useTranslation();
  return (
    <main className="site-page">
      <h1>{t('site.about.title')}</h1>
      <p>{t('site.about.body')}</p>
    </main>
  );
}
