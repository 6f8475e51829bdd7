/**
 * `/dashboard/tags` (issue 17 § Tags): the tags with their post counts in pages (a table at
 * desktop, cards on phones), searched and sorted, each renamed, merged into another or deleted.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { DashboardTagsPageView, DashboardTagView, TagSort } from '../../domain/dashboard-tags';
import { TAG_SEARCH_MAX_LENGTH } from '../../domain/dashboard-tags';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import { callApi } from '../components/api';
import { useConfirm } from '../components/confirm';
import { DashboardPage } from '../components/page';
import { TableScroll } from '../components/table-scroll';
import { MergeTagDialog, RenameTagDialog } from './tag-dialogs';
import '../categories/taxonomy.css';

/** The tags screen, from the loader's first page. */
export function TagsScreen({ initial }: { initial: DashboardTagsPageView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const id = useId();
  const [tags, setTags] = useState(initial.tags);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<TagSort>('label');
  const [isLoading, setIsLoading] = useState(false);
  const [renaming, setRenaming] = useState<DashboardTagView | null>(null);
  const [merging, setMerging] = useState<DashboardTagView | null>(null);
  const isFirst = useRef(true);
  const k = 'dashboardTags';

  async function load(options: { append: boolean; from?: string | null }) {
    const params = new URLSearchParams({ sort });
    if (query.trim() !== '') params.set('q', query.trim());
    if (options.append && options.from) params.set('cursor', options.from);
    setIsLoading(true);
    const result = await callApi<DashboardTagsPageView>('GET', `/api/dashboard/tags?${params}`);
    setIsLoading(false);
    if (!result.ok) {
      toast.show({ kind: 'error', message: t(`${k}.toast.technicalIssue`) });
      return;
    }
    setTags((current) => (options.append ? [...current, ...result.value.tags] : result.value.tags));
    setCursor(result.value.nextCursor);
  }

  // A new search or sort lists from the first page again (after a short pause in typing).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` reads query and sort.
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const timer = setTimeout(() => void load({ append: false }), 250);
    return () => clearTimeout(timer);
  }, [query, sort]);

  async function handleDelete(tag: DashboardTagView) {
    const isSure = await confirm({
      title: t(`${k}.deleteDialog.title`, { label: tag.label }),
      body: t(`${k}.deleteDialog.text`, { count: tag.postCount }),
      action: t(`${k}.deleteDialog.confirm`),
      isDestructive: true,
    });
    if (!isSure) return;
    const result = await callApi('DELETE', `/api/dashboard/tags/${tag.id}`);
    if (result.ok) {
      setTags((current) => current.filter((x) => x.id !== tag.id));
      toast.show({ kind: 'success', message: t(`${k}.toast.deleted`) });
    } else {
      toast.show({
        kind: 'error',
        message:
          result.status === 403 || result.status === 401
            ? t(`${k}.toast.forbidden`)
            : t(`${k}.toast.technicalIssue`),
      });
    }
  }

  const hasSearch = query.trim() !== '';
  return (
    <DashboardPage title={t(`${k}.title`)} description={t(`${k}.lead`)}>
      <div className="tx-screen">
        <search className="tx-toolbar">
          <div className="tx-field">
            <label className="tx-field__label" htmlFor={`${id}-q`}>
              {t(`${k}.search`)}
            </label>
            <input
              id={`${id}-q`}
              className="tx-input"
              type="search"
              value={query}
              maxLength={TAG_SEARCH_MAX_LENGTH}
              placeholder={t(`${k}.searchPlaceholder`)}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <div className="tx-field tx-field--sort">
            <label className="tx-field__label" htmlFor={`${id}-sort`}>
              {t(`${k}.sort`)}
            </label>
            <select
              id={`${id}-sort`}
              className="tx-input"
              value={sort}
              onChange={(e) => setSort(e.target.value as TagSort)}
            >
              <option value="label">{t(`${k}.sortLabel`)}</option>
              <option value="posts">{t(`${k}.sortPosts`)}</option>
            </select>
          </div>
        </search>
        {tags.length === 0 ? (
          <div className="tx-empty" aria-live="polite">
            {hasSearch ? (
              <p>{t(`${k}.noResults`, { q: query.trim() })}</p>
            ) : (
              <>
                <h2>{t(`${k}.empty.title`)}</h2>
                <p>{t(`${k}.empty.text`)}</p>
              </>
            )}
          </div>
        ) : (
          <TableScroll className="tx-table-wrap" label={t(`${k}.title`)}>
            <table className="tx-table" aria-busy={isLoading}>
              <thead>
                <tr>
                  <th scope="col">{t(`${k}.columns.tag`)}</th>
                  <th scope="col">{t(`${k}.columns.address`)}</th>
                  <th scope="col" className="tx-num">
                    {t(`${k}.columns.posts`)}
                  </th>
                  <th scope="col" className="tx-cell-actions">
                    <span className="visually-hidden">{t(`${k}.columns.actions`)}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tags.map((tag) => (
                  <tr key={tag.id} data-tag-row={tag.id}>
                    <td>
                      <span className="tx-tag-label">{tag.label}</span>
                    </td>
                    <td>
                      <a className="tx-row__slug" href={tag.link} target="_blank" rel="noreferrer">
                        /tags/{tag.slug}
                      </a>
                    </td>
                    <td className="tx-num">{t(`${k}.posts`, { count: tag.postCount })}</td>
                    <td className="tx-cell-actions">
                      <button
                        type="button"
                        className="dash-button tx-button--small"
                        aria-label={t(`${k}.renameNamed`, { label: tag.label })}
                        onClick={() => setRenaming(tag)}
                      >
                        {t(`${k}.rename`)}
                      </button>{' '}
                      <button
                        type="button"
                        className="dash-button tx-button--small"
                        aria-label={t(`${k}.mergeNamed`, { label: tag.label })}
                        onClick={() => setMerging(tag)}
                      >
                        {t(`${k}.merge`)}
                      </button>{' '}
                      <button
                        type="button"
                        className="dash-button tx-button--small tx-button--danger-quiet"
                        aria-label={t(`${k}.deleteNamed`, { label: tag.label })}
                        onClick={() => handleDelete(tag)}
                      >
                        {t(`${k}.delete`)}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        {cursor ? (
          <div className="tx-more">
            <button
              type="button"
              className="dash-button"
              disabled={isLoading}
              onClick={() => load({ append: true, from: cursor })}
            >
              {isLoading ? t(`${k}.loading`) : t(`${k}.more`)}
            </button>
          </div>
        ) : null}
      </div>
      <RenameTagDialog
        tag={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(renamed) => {
          setTags((current) => current.map((x) => (x.id === renamed.id ? renamed : x)));
          setRenaming(null);
        }}
      />
      <MergeTagDialog
        tag={merging}
        onClose={() => setMerging(null)}
        onMerged={(survivor, mergedId) => {
          setTags((current) =>
            current
              .filter((x) => x.id !== mergedId)
              .map((x) => (x.id === survivor.id ? survivor : x)),
          );
          setMerging(null);
        }}
      />
    </DashboardPage>
  );
}
