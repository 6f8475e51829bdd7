/**
 * "Skip to content" (issue 23; WCAG 2.4.1 bypass blocks): the first thing a Tab reaches on every
 * page of the site and the blog, hidden until it has focus, and a plain fragment link so it works
 * before any script runs. It leads past the site's navigation, and on a blog page past the blog's
 * header too, to the page's `<main>`, which takes focus (`tabIndex={-1}`) so that the next Tab
 * goes on from there (the feed's first card). The website builder uses it too, to its workspace
 * (the canvas and the settings panel). The dashboard has its own (`.dash-skip`).
 */
import { useTranslation } from '../i18n';

/** The `<main>` of a site page (home, about, my posts, the site's 404). */
export const SITE_MAIN_ID = 'site-main';
/** The blog's `<main>`, inside the blog's shell below its header. */
export const BLOG_MAIN_ID = 'blog-main';
/** The website builder's `<main>`: its workspace below the top bar. */
export const BUILDER_MAIN_ID = 'builder-main';

/** The link to the `<main>` whose id is `target`. */
export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href={`#${target}`}>
      {t('site.skipToContent')}
    </a>
  );
}
