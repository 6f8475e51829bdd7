/**
 * What a blog page shows when its loader fails: the not-found screen for a 404 (unknown slug,
 * reserved word, page out of range), else the technical-issue message (SPEC §8). Each blog page
 * module uses it as its error boundary, so the blog's header stays on screen.
 */
import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from 'react-router';
import { homeUrl } from '../../domain/routes';
import { useReportedBoundaryError } from '../error-reporter';
import { useTranslation } from '../i18n';
import { NotFound } from './not-found';

/** The error screen inside the blog shell. */
export function BlogErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const layout = useRouteLoaderData('widget/routes/blog-layout') as
    | { blog: { base: string } }
    | undefined;
  const home = homeUrl(layout?.blog.base ?? '/blog');
  useReportedBoundaryError(error);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound homeUrl={home} />;
  return (
    <section className="not-found" role="alert">
      <h1 className="not-found__title">{t('errors.technicalIssue')}</h1>
      <Link className="button button--primary" to={home}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}
