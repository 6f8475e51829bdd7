/**
 * A post's management actions (SPEC §6: pin, duplicate, revert-to-draft, delete) as the post
 * page's ⋯ menu and the my-posts rows take them: one call each, the steps readers would notice
 * asked first in a modal (SPEC §4), a toast for what happened or went wrong (SPEC §8). Whether an
 * action is offered at all is the caller's `whyNot`; the server checks again.
 *
 * Needs a ToastProvider and a ModalProvider above it. Its words load with it.
 */
import { useNavigate } from 'react-router';
import postManageEn from '../../../locales/post-manage/en.json';
import { postEditUrl } from '../../domain/routes';
import { addNamespace } from '../../rich-content/i18n';
import { deletePost, duplicatePost, setPostPinned, unpublishPost } from '../comments/comments-api';
import { ModalHeader, useModal } from '../components/modal-stack';
import { useToast } from '../components/toasts';
import { useTranslation } from '../i18n';

addNamespace('post-manage', postManageEn);

/** What an action needs of the post. */
export interface ManagedPost {
  id: string;
  title: string;
}

type Confirmation = 'confirmUnpublish' | 'confirmDelete';

/**
 * The actions, each resolving to whether it was done. `base` is the blog's base path (the
 * editor's address). A done revert or delete is followed by `after`, which moves on (leaves the
 * post's page, reloads a list); a duplicate opens the copy in the editor.
 */
export function usePostManagement(base: string) {
  const { t } = useTranslation();
  const { show } = useToast();
  const { openModal } = useModal();
  const navigate = useNavigate();

  const confirmed = (kind: Confirmation, post: ManagedPost) =>
    openModal<boolean>(({ close }) => (
      <ConfirmPostAction kind={kind} title={post.title} close={close} />
    )).then((answer) => answer === true);

  const failed = (key: string) => {
    show({ kind: 'error', message: t(`postManage.${key}`) });
    return false;
  };

  return {
    /** Pins or unpins; resolves to the post's pin as the server has it, null when refused. */
    async pin(post: ManagedPost, isPinned: boolean): Promise<boolean | null> {
      const result = await setPostPinned(post.id, isPinned);
      if (!result.ok) {
        failed('pinFailed');
        return null;
      }
      show({
        kind: 'info',
        message: t(result.value.isPinned ? 'postManage.pinned' : 'postManage.unpinned'),
      });
      return result.value.isPinned;
    },

    /** Makes a draft copy of the post, the actor's, and opens it in the editor. */
    async duplicate(post: ManagedPost): Promise<boolean> {
      const result = await duplicatePost(post.id);
      if (!result.ok) return failed('duplicateFailed');
      await navigate(postEditUrl(base, result.value.id));
      return true;
    },

    /** Reverts a published or scheduled post to a draft, once confirmed. */
    async unpublish(post: ManagedPost, after: () => unknown): Promise<boolean> {
      if (!(await confirmed('confirmUnpublish', post))) return false;
      const result = await unpublishPost(post.id);
      if (!result.ok) return failed('unpublishFailed');
      show({ kind: 'info', message: t('postManage.unpublished', { title: post.title }) });
      await after();
      return true;
    },

    /** Deletes the post, once confirmed (already gone counts as done). */
    async remove(post: ManagedPost, after: () => unknown): Promise<boolean> {
      if (!(await confirmed('confirmDelete', post))) return false;
      const result = await deletePost(post.id);
      if (!result.ok && result.code !== 'post_not_found') return failed('deleteFailed');
      show({ kind: 'info', message: t('postManage.deleted', { title: post.title }) });
      await after();
      return true;
    },
  };
}

/** "Revert to draft?" or "Delete this post?" with Cancel and the action (SPEC §4 modal). */
function ConfirmPostAction({
  kind,
  title,
  close,
}: {
  kind: Confirmation;
  title: string;
  close(value?: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="post-confirm">
      <ModalHeader title={t(`postManage.${kind}.title`)} />
      <p className="modal__body">{t(`postManage.${kind}.text`, { title })}</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={() => close(false)}>
          {t(`postManage.${kind}.cancel`)}
        </button>
        <button
          type="button"
          className={kind === 'confirmDelete' ? 'button button--danger' : 'button button--primary'}
          onClick={() => close(true)}
        >
          {t(`postManage.${kind}.confirm`)}
        </button>
      </div>
    </div>
  );
}
