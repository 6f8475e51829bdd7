/**
 * The demo website's home page: an introduction with a link to the blog.
 */

import { Link } from 'react-router';
import { useTranslation } from '../../widget/i18n';

/** Page title. */
export function meta() {
  return [{ title: 'Inkwell Demo' }, { name: 'description', content: 'A website with a blog.' }];
}

/** The home page. */
export default function Home() {
  const { t } = useTranslation();
  return (
    <main className="site-page site-hero">
      <h1>{t('site.home.title')}</h1>
      <p className="site-hero__lead">{t('site.home.lead')}</p>
      <Link className="button button--primary" to="/blog">
        {t('site.home.cta')}
      </Link>
    </main>
  );
}
