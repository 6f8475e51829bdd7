/**
 * The Posts screen's actions as a user takes them: each row action and each bulk action is one
 * call, asked first in a modal when readers would notice it or it cannot be undone (SPEC §4), and
 * answered with a toast of SPEC §8 (post moved to trash, restored, deleted, published, reverted
 * to draft, duplicated, pinned/unpinned, post-move, post-category-change). A bulk action that
 * left posts unchanged lists them with the reason. After a change `onChanged` reloads the list
 * and its counts. What a menu offers is `can()`'s; the server checks again.
 */
import type {
  DashboardBulk,
  DashboardBulkAction,
  DashboardPostRow,
  DashboardPostsFilter,
  DashboardPostsOptions,
} from '../../domain/dashboard-posts';
import { useModal } from '../../widget/components/modal-stack';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import {
  CategoryDialog,
  ConfirmDialog,
  type ConfirmKind,
  FailuresDialog,
  OwnerDialog,
  reasonText,
} from './dialogs';
import { type ApiResult, postRowCalls, runBulk } from './posts-api';

/** What a bulk action is taken on: the rows picked, or every post the filter matches. */
export type BulkTarget =
  | { kind: 'ids'; ids: string[]; title: string }
  | { kind: 'filter'; filter: DashboardPostsFilter; count: number };

const TOAST_OF_BULK: Record<DashboardBulkAction, string> = {
  publish: 'published',
  'revert-to-draft': 'reverted',
  trash: 'trashed',
  restore: 'restored',
  'delete-forever': 'deleted',
  'add-category': 'categoryChanged',
  'remove-category': 'categoryChanged',
  'change-owner': 'ownerChanged',
};

/** The actions, bound to the screen's choices and its reload. */
export function usePostActions(options: DashboardPostsOptions, onChanged: () => unknown) {
  const { t } = useTranslation();
  const { show } = useToast();
  const { openModal } = useModal();

  const confirm = (kind: ConfirmKind, count: number, title: string) =>
    openModal<boolean>(({ close }) => (
      <ConfirmDialog kind={kind} count={count} title={title} close={close} />
    )).then((answer) => answer === true);

  const pickOwner = (count: number, title: string, currentId?: string) =>
    openModal<string>(({ close }) => (
      <OwnerDialog
        authors={options.authors}
        count={count}
        title={title}
        currentId={currentId}
        close={close}
      />
    ));

  const pickCategory = (mode: 'move' | 'add' | 'remove', initial?: string) =>
    openModal<{ categoryId: string | null }>(({ close }) => (
      <CategoryDialog mode={mode} categories={options.categories} initial={initial} close={close} />
    ));

  const failed = (result: Extract<ApiResult<unknown>, { ok: false }>) => {
    const message =
      result.status === 0 || result.status >= 500
        ? t('dashboardPosts.toast.technical')
        : t('dashboardPosts.toast.failed', { reason: reasonText(t, result.code) });
    show({ kind: 'error', message });
  };

  /** Runs one call; a toast either way; reloads after a change. */
  async function settle<T>(
    call: Promise<ApiResult<T>>,
    toast: string,
    kind: 'success' | 'info' = 'success',
  ) {
    const result = await call;
    if (!result.ok) {
      failed(result);
      return false;
    }
    show({ kind, message: t(`dashboardPosts.toast.${toast}`) });
    await onChanged();
    return true;
  }

  const title = (post: DashboardPostRow) => post.title || t('dashboardPosts.untitled');

  const row = {
    duplicate: (post: DashboardPostRow) => settle(postRowCalls.duplicate(post.id), 'duplicated'),
    pin: (post: DashboardPostRow) =>
      settle(
        postRowCalls.pin(post.id, !post.isPinned),
        post.isPinned ? 'unpinned' : 'pinned',
        'info',
      ),
    feature: (post: DashboardPostRow) =>
      settle(
        postRowCalls.feature(post.id, !post.isFeatured),
        post.isFeatured ? 'unfeatured' : 'featured',
        'info',
      ),
    async changeOwner(post: DashboardPostRow) {
      const ownerId = await pickOwner(1, title(post), post.author.id);
      if (!ownerId) return false;
      return settle(postRowCalls.changeOwner(post.id, ownerId), 'ownerChanged');
    },
    async move(post: DashboardPostRow) {
      const picked = await pickCategory('move', post.categories[0]?.id ?? '');
      if (!picked) return false;
      const ids = picked.categoryId ? [picked.categoryId] : [];
      return settle(postRowCalls.setCategories(post.id, ids), 'moved');
    },
    async revert(post: DashboardPostRow) {
      if (!(await confirm('revert-to-draft', 1, title(post)))) return false;
      return settle(postRowCalls.revert(post.id), 'reverted');
    },
    async trash(post: DashboardPostRow) {
      if (!(await confirm('trash', 1, title(post)))) return false;
      return settle(postRowCalls.trash(post.id), 'trashed');
    },
    restore: (post: DashboardPostRow) => settle(postRowCalls.restore(post.id), 'restored'),
    async deleteForever(post: DashboardPostRow) {
      if (!(await confirm('delete-forever', 1, title(post)))) return false;
      return settle(postRowCalls.deleteForever(post.id), 'deleted');
    },
  };

  /** A bulk action on `target`, asked and picked first as it needs; resolves to whether it ran. */
  async function bulk(action: DashboardBulkAction, target: BulkTarget): Promise<boolean> {
    const count = target.kind === 'ids' ? target.ids.length : target.count;
    const one = target.kind === 'ids' ? target.title : '';
    const extra: Partial<DashboardBulk> = {};
    if (action === 'trash' || action === 'delete-forever' || action === 'revert-to-draft') {
      if (!(await confirm(action, count, one))) return false;
    } else if (action === 'change-owner') {
      const ownerId = await pickOwner(count, one);
      if (!ownerId) return false;
      extra.ownerId = ownerId;
    } else if (action === 'add-category' || action === 'remove-category') {
      const picked = await pickCategory(action === 'add-category' ? 'add' : 'remove');
      if (!picked?.categoryId) return false;
      extra.categoryId = picked.categoryId;
    }
    const input = {
      action,
      ...(target.kind === 'ids' ? { ids: target.ids } : { filter: target.filter }),
      ...extra,
    } as DashboardBulk;
    const result = await runBulk(input);
    if (!result.ok) {
      if (result.code === 'bulk_too_large')
        show({ kind: 'error', message: t('dashboardPosts.toast.tooMany') });
      else failed(result);
      return false;
    }
    const { done, failed: refused } = result.value;
    if (done > 0) {
      show({
        kind: 'success',
        message:
          refused.length === 0
            ? t(`dashboardPosts.bulk.done.${TOAST_OF_BULK[action]}`, { count: done })
            : t('dashboardPosts.bulk.partial', { done, failed: refused.length }),
      });
    }
    if (refused.length > 0) {
      await openModal<boolean>(({ close }) => <FailuresDialog failed={refused} close={close} />);
    }
    await onChanged();
    return true;
  }

  return { row, bulk };
}
