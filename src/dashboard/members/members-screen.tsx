/**
 * `/dashboard/members` (issue 18 § Members and contributors): the blog's members in keyset pages
 * (a table at desktop widths, cards on phones), searched by name or address and filtered by role
 * and status. Editors add authors; owners also change roles (SPEC §8 member-promote-moderator /
 * member-demote-moderator toasts), block and unblock (member-block / member-unblock) and delete.
 * What each row offers comes from the server (`actions`), which checks every call again.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  ASSIGNABLE_ROLES,
  type DashboardMembersPageView,
  type DashboardMemberView,
  LISTED_ROLES,
  MEMBER_SEARCH_MAX_LENGTH,
  MEMBER_STATUSES,
  type MemberSort,
} from '../../domain/dashboard-members';
import { Avatar } from '../../widget/components/post-meta';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import { callApi } from '../components/api';
import { useConfirm } from '../components/confirm';
import { DashboardPage } from '../components/page';
import { TableScroll } from '../components/table-scroll';
import { listDate } from '../posts/posts-list';
import { DeleteMemberDialog, NewAuthorDialog, refusalMessage } from './member-dialogs';
import '../categories/taxonomy.css';
import './members.css';

const k = 'dashboardMembers';

interface Filters {
  q: string;
  role: string;
  status: string;
  sort: MemberSort;
}

/** The members screen, from the loader's first page. */
export function MembersScreen({ initial }: { initial: DashboardMembersPageView }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const [rows, setRows] = useState(initial.members);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [filters, setFilters] = useState<Filters>({ q: '', role: '', status: '', sort: 'joined' });
  const [isLoading, setIsLoading] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [deleting, setDeleting] = useState<DashboardMemberView | null>(null);
  const isFirst = useRef(true);
  const numbers = new Intl.NumberFormat(i18n.language);
  const roleName = (role: string) => t(`${k}.roles.${role}`, { defaultValue: role });

  async function load(options: { append: boolean }) {
    const params = membersQuery(filters, options.append ? cursor : null);
    setIsLoading(true);
    const result = await callApi<DashboardMembersPageView>(
      'GET',
      `/api/dashboard/members?${params}`,
    );
    setIsLoading(false);
    if (!result.ok) {
      toast.show({ kind: 'error', message: refusalMessage(result, t) });
      return;
    }
    setRows((current) =>
      options.append ? [...current, ...result.value.members] : result.value.members,
    );
    setCursor(result.value.nextCursor);
  }

  // New filters list from the first page again (after a short pause in typing).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` reads the filters.
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const timer = setTimeout(() => void load({ append: false }), 250);
    return () => clearTimeout(timer);
  }, [filters]);

  const replace = (member: DashboardMemberView) =>
    setRows((current) => current.map((row) => (row.id === member.id ? member : row)));

  async function handleRole(row: DashboardMemberView, role: string) {
    setBusy(row.id);
    const result = await callApi<{ member: DashboardMemberView; change: string }>(
      'PUT',
      `/api/dashboard/members/${row.id}/role`,
      { role },
    );
    setBusy(null);
    if (!result.ok) {
      toast.show({ kind: 'error', message: refusalMessage(result, t) });
      return;
    }
    replace(result.value.member);
    if (result.value.change === 'none') return;
    toast.show({
      kind: 'success',
      message: t(`${k}.toast.${result.value.change}`, {
        name: row.member.name,
        role: roleName(role),
      }),
    });
  }

  async function handleBlock(row: DashboardMemberView) {
    const isBlocking = !row.isBlocked;
    if (isBlocking) {
      const isSure = await confirm({
        title: t(`${k}.blockDialog.title`, { name: row.member.name }),
        body: t(`${k}.blockDialog.text`),
        action: t(`${k}.blockDialog.confirm`),
        isDestructive: true,
      });
      if (!isSure) return;
    }
    setBusy(row.id);
    const result = await callApi<DashboardMemberView>(
      isBlocking ? 'POST' : 'DELETE',
      `/api/dashboard/members/${row.id}/block`,
    );
    setBusy(null);
    if (!result.ok) {
      toast.show({ kind: 'error', message: refusalMessage(result, t) });
      return;
    }
    replace(result.value);
    toast.show({
      kind: isBlocking ? 'success' : 'info',
      message: t(`${k}.toast.${isBlocking ? 'blocked' : 'unblocked'}`),
    });
  }

  const set = (patch: Partial<Filters>) => setFilters((current) => ({ ...current, ...patch }));
  const canAdd = initial.authorRoles.length > 0;

  return (
    <DashboardPage
      title={t(`${k}.title`)}
      description={t(initial.canChangeRoles ? `${k}.lead` : `${k}.leadEditor`)}
      actions={canAdd ? <NewAuthorButton onClick={() => setIsAdding(true)} /> : null}
    >
      <div className="mb-screen">
        <MembersToolbar filters={filters} set={set} roleName={roleName} />
        {rows.length === 0 ? (
          <div className="dash-empty" aria-live="polite">
            <p>{t(`${k}.empty`)}</p>
          </div>
        ) : (
          <TableScroll label={t(`${k}.title`)}>
            <table className="dash-table mb-table" aria-busy={isLoading}>
              <MembersHead />
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-member-row={row.id}>
                    <td className="mb-who">
                      <Avatar member={row.member} size={36} />
                      <span className="mb-who__text">
                        <a className="mb-who__name" href={row.member.link}>
                          {row.member.name}
                        </a>
                        {row.email ? <span className="mb-who__email">{row.email}</span> : null}
                      </span>
                    </td>
                    <td data-label={t(`${k}.columns.role`)}>
                      {row.actions.changeRole ? (
                        <select
                          className="dash-select mb-role"
                          aria-label={t(`${k}.roleOf`, { name: row.member.name })}
                          value={row.role}
                          disabled={busy === row.id}
                          onChange={(e) => handleRole(row, e.target.value)}
                        >
                          {ASSIGNABLE_ROLES.map((role) => (
                            <option key={role} value={role}>
                              {roleName(role)}
                            </option>
                          ))}
                        </select>
                      ) : (
                        roleName(row.role)
                      )}
                    </td>
                    <td
                      className="mb-joined dash-col--from-xl"
                      data-label={t(`${k}.columns.joined`)}
                    >
                      <time dateTime={row.joinedAt}>{listDate(row.joinedAt, i18n.language)}</time>
                    </td>
                    <td className="mb-num" data-label={t(`${k}.columns.posts`)}>
                      {numbers.format(row.postCount)}
                    </td>
                    <td
                      className="mb-num dash-col--from-lg"
                      data-label={t(`${k}.columns.comments`)}
                    >
                      {numbers.format(row.commentCount)}
                    </td>
                    <td data-label={t(`${k}.columns.status`)}>
                      <span className={`dash-pill${row.isBlocked ? ' dash-pill--danger' : ''}`}>
                        {t(`${k}.statuses.${row.isBlocked ? 'blocked' : 'active'}`)}
                      </span>
                    </td>
                    <MemberActions
                      row={row}
                      isBusy={busy === row.id}
                      onBlock={handleBlock}
                      onDelete={setDeleting}
                    />
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
              onClick={() => load({ append: true })}
            >
              {isLoading ? t(`${k}.loading`) : t(`${k}.more`)}
            </button>
          </div>
        ) : null}
      </div>
      <NewAuthorDialog
        isOpen={isAdding}
        roles={initial.authorRoles}
        onClose={() => setIsAdding(false)}
        onCreated={(member) => {
          setRows((current) => [member, ...current]);
          setIsAdding(false);
        }}
      />
      <DeleteMemberDialog
        member={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(memberId) => {
          setRows((current) => current.filter((row) => row.id !== memberId));
          setDeleting(null);
        }}
      />
    </DashboardPage>
  );
}

/** A member's Block and Delete buttons, as the member's actions allow. */
function MemberActions({
  row,
  isBusy,
  onBlock,
  onDelete,
}: {
  row: DashboardMemberView;
  isBusy: boolean;
  onBlock(row: DashboardMemberView): void;
  onDelete(row: DashboardMemberView): void;
}) {
  const { t } = useTranslation();
  return (
    <td className="mb-actions">
      {row.actions.block ? (
        <button
          type="button"
          className="dash-button tx-button--small"
          disabled={isBusy}
          aria-label={t(`${k}.${row.isBlocked ? 'unblockNamed' : 'blockNamed'}`, {
            name: row.member.name,
          })}
          onClick={() => onBlock(row)}
        >
          {t(`${k}.${row.isBlocked ? 'unblock' : 'block'}`)}
        </button>
      ) : null}{' '}
      {row.actions.delete ? (
        <button
          type="button"
          className="dash-button tx-button--small tx-button--danger-quiet"
          disabled={isBusy}
          aria-label={t(`${k}.deleteNamed`, { name: row.member.name })}
          onClick={() => onDelete(row)}
        >
          {t(`${k}.delete`)}
        </button>
      ) : null}
    </td>
  );
}

/** The table's header row; the secondary columns hide at medium widths (dashboard.css). */
function MembersHead() {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th scope="col">{t(`${k}.columns.member`)}</th>
        <th scope="col">{t(`${k}.columns.role`)}</th>
        <th scope="col" className="dash-col--from-xl">
          {t(`${k}.columns.joined`)}
        </th>
        <th scope="col" className="mb-num">
          {t(`${k}.columns.posts`)}
        </th>
        <th scope="col" className="mb-num dash-col--from-lg">
          {t(`${k}.columns.comments`)}
        </th>
        <th scope="col">{t(`${k}.columns.status`)}</th>
        <th scope="col">
          <span className="visually-hidden">{t(`${k}.columns.actions`)}</span>
        </th>
      </tr>
    </thead>
  );
}

/** The list's search, role and status filters and sort. */
function MembersToolbar({
  filters,
  set,
  roleName,
}: {
  filters: Filters;
  set: (patch: Partial<Filters>) => void;
  roleName: (role: string) => string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <search className="dash-toolbar mb-toolbar">
      <div className="mb-filter mb-filter--search">
        <label className="dash-field__label" htmlFor={`${id}-q`}>
          {t(`${k}.search`)}
        </label>
        <input
          id={`${id}-q`}
          className="dash-input"
          type="search"
          value={filters.q}
          maxLength={MEMBER_SEARCH_MAX_LENGTH}
          placeholder={t(`${k}.searchPlaceholder`)}
          onChange={(e) => set({ q: e.target.value })}
        />
      </div>
      <div className="mb-filter">
        <label className="dash-field__label" htmlFor={`${id}-role`}>
          {t(`${k}.role`)}
        </label>
        <select
          id={`${id}-role`}
          className="dash-select"
          value={filters.role}
          onChange={(e) => set({ role: e.target.value })}
        >
          <option value="">{t(`${k}.anyRole`)}</option>
          {LISTED_ROLES.map((role) => (
            <option key={role} value={role}>
              {roleName(role)}
            </option>
          ))}
        </select>
      </div>
      <div className="mb-filter">
        <label className="dash-field__label" htmlFor={`${id}-status`}>
          {t(`${k}.status`)}
        </label>
        <select
          id={`${id}-status`}
          className="dash-select"
          value={filters.status}
          onChange={(e) => set({ status: e.target.value })}
        >
          <option value="">{t(`${k}.anyStatus`)}</option>
          {MEMBER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`${k}.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="mb-filter">
        <label className="dash-field__label" htmlFor={`${id}-sort`}>
          {t(`${k}.sort`)}
        </label>
        <select
          id={`${id}-sort`}
          className="dash-select"
          value={filters.sort}
          onChange={(e) => set({ sort: e.target.value as MemberSort })}
        >
          <option value="joined">{t(`${k}.sortJoined`)}</option>
          <option value="name">{t(`${k}.sortName`)}</option>
        </select>
      </div>
    </search>
  );
}

/** The list API's query for `filters`, from `cursor` when paging on. */
function membersQuery(filters: Filters, cursor: string | null): URLSearchParams {
  const params = new URLSearchParams({ sort: filters.sort });
  if (filters.q.trim() !== '') params.set('q', filters.q.trim());
  if (filters.role) params.set('role', filters.role);
  if (filters.status) params.set('status', filters.status);
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** The screen's main action: a new author account. */
function NewAuthorButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="dash-button dash-button--primary" onClick={onClick}>
      {t(`${k}.newAuthor`)}
    </button>
  );
}
