/**
 * The multiple-pages pagination bar (SPEC §4): previous and next always, disabled at the ends;
 * first and last past 5 pages; a window of 5 page numbers. Hidden when everything fits on one
 * page (SPEC §5).
 */

import { Link } from 'react-router';
import { paginationModel } from '../../domain/pagination';
import { useTranslation } from '../i18n';
import { ChevronIcon } from './icons';

function Step({
  to,
  isDisabled,
  label,
  children,
  rel,
}: {
  to: string;
  isDisabled: boolean;
  label: string;
  children: React.ReactNode;
  rel?: string;
}) {
  if (isDisabled) {
    return (
      <span className="pagination__step is-disabled" aria-disabled="true">
        {children}
        <span className="visually-hidden">{label}</span>
      </span>
    );
  }
  return (
    <Link className="pagination__step" to={to} aria-label={label} rel={rel} prefetch="intent">
      {children}
    </Link>
  );
}

/** Pagination links for `lastPage` pages; `pageUrl(n)` builds each page's address. */
export function Pagination({
  currentPage,
  lastPage,
  pageUrl,
}: {
  currentPage: number;
  lastPage: number;
  pageUrl: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;
  const model = paginationModel({ currentPage, lastPage });
  // SPEC §4: under 375 px the position ('3 / 12') replaces the numbers, and first/last show
  // from 3 pages. Both are in the HTML; the stylesheet picks by the widget's width.
  const narrow = paginationModel({ currentPage, lastPage, showPosition: true });
  const edgeClass = model.first ? '' : ' is-narrow-only';
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {narrow.first ? (
        <span className={`pagination__edge${edgeClass}`}>
          <Step to={pageUrl(1)} isDisabled={narrow.first.isDisabled} label={t('pagination.first')}>
            <span aria-hidden="true">«</span>
          </Step>
        </span>
      ) : null}
      <Step
        to={pageUrl(model.previous.page)}
        isDisabled={model.previous.isDisabled}
        label={t('pagination.previous')}
        rel="prev"
      >
        <ChevronIcon direction="left" />
      </Step>
      <ol className="pagination__pages">
        {model.pages.map(({ page, isCurrent }) => (
          <li key={page}>
            {isCurrent ? (
              <span className="pagination__page is-current" aria-current="page">
                {page}
              </span>
            ) : (
              <Link
                className="pagination__page"
                to={pageUrl(page)}
                aria-label={t('pagination.page', { page })}
                prefetch="intent"
              >
                {page}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {narrow.position ? (
        <span className="pagination__position">{t('pagination.position', narrow.position)}</span>
      ) : null}
      <Step
        to={pageUrl(model.next.page)}
        isDisabled={model.next.isDisabled}
        label={t('pagination.next')}
        rel="next"
      >
        <ChevronIcon direction="right" />
      </Step>
      {narrow.last ? (
        <span className={`pagination__edge${edgeClass}`}>
          <Step
            to={pageUrl(narrow.last.page)}
            isDisabled={narrow.last.isDisabled}
            label={t('pagination.last')}
          >
            <span aria-hidden="true">»</span>
          </Step>
        </span>
      ) : null}
    </nav>
  );
}
