/**
 * SPEC §2 and §8: the not-found screen, "nothing's showing up", with a Back button leading home.
 */

import { Link } from 'react-router';
import { useTranslation } from '../i18n';

/** The not-found message and the way back home. */
export function NotFound({ homeUrl }: { homeUrl: string }) {
  const { t } = useTranslation();
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        {t('notFound.title')}
      </h1>
      <p className="not-found__text">{t('notFound.description')}</p>
      <Link className="button button--primary" to={homeUrl}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}
