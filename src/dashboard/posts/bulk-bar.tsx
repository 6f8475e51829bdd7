/**
 * The bulk bar: shown while posts are selected, sticky at the bottom of the screen so it stays
 * reachable on a phone. Says how many are selected, offers "Select all N matching" once the
 * whole page is selected, and the actions the tab and the actor allow.
 */
import {
  DASHBOARD_BULK_MAX,
  DASHBOARD_MATCHING_COUNT_MAX,
  type DashboardBulkAction,
} from '../../domain/dashboard-posts';
import { useTranslation } from '../../widget/i18n';

/** The bar. */
export function BulkBar({
  count,
  matching,
  isAllMatching,
  canSelectAllMatching,
  actions,
  onSelectAllMatching,
  onClear,
  onAction,
}: {
  count: number;
  matching: number;
  isAllMatching: boolean;
  canSelectAllMatching: boolean;
  actions: DashboardBulkAction[];
  onSelectAllMatching(): void;
  onClear(): void;
  onAction(action: DashboardBulkAction): void;
}) {
  const { t } = useTranslation();
  return (
    <section className="dash-bulkbar" aria-label={t('dashboardPosts.bulk.label')}>
      <div className="dp-bulk__info">
        <strong>
          {isAllMatching
            ? t('dashboardPosts.bulk.allMatching', { count: matching })
            : t('dashboardPosts.bulk.selected', { count })}
        </strong>
        {canSelectAllMatching ? (
          <button type="button" className="dp-link-button" onClick={onSelectAllMatching}>
            {matching > DASHBOARD_MATCHING_COUNT_MAX
              ? t('dashboardPosts.bulk.selectAllMatchingMore', {
                  count: DASHBOARD_MATCHING_COUNT_MAX,
                })
              : t('dashboardPosts.bulk.selectAllMatching', { count: matching })}
          </button>
        ) : null}
        <button type="button" className="dp-link-button" onClick={onClear}>
          {t('dashboardPosts.bulk.clear')}
        </button>
      </div>
      <div className="dp-bulk__actions">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={
              action === 'trash' || action === 'delete-forever'
                ? 'dash-button dash-button--danger'
                : 'dash-button'
            }
            disabled={count > DASHBOARD_BULK_MAX && isAllMatching}
            onClick={() => onAction(action)}
          >
            {t(`dashboardPosts.bulk.${action}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
