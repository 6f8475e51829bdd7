/**
 * The demo website's about page.
 */
import { useTranslation } from '../../widget/i18n';

/** Page title. */
export function meta() {
  return [{ title: 'About · Inkwell Demo' }];
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
