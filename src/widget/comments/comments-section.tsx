/**
 * The post page's comments (issue 6; SPEC §1 "members comment", §3 totalComments, §6): how many
 * there are, the member's box (or why they can't write: log in, commenting off, plan), the first
 * page of threads as the server rendered them, and more on demand. Writing, replying, deleting and
 * reporting happen here; editing has its own page (SPEC §2 comment edit route). The count is the
 * post's exact one, taken from every answer of the server.
 *
 * What the server renders into a visitor's page is the same for every visitor (decision 002): the
 * reader's own rights come from `viewer`, which is the anonymous actor on a cached page.
 */
import './comments-messages';
import './comments.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  COMMENT_LINKS_MAX,
  COMMENT_TEXT_MAX,
  type CommentsPageView,
  type CommentView,
} from '../../domain/comments';
import type { GateReason } from '../../domain/engagement';
import { type Actor, type PermissionSettings, whyNot } from '../../domain/permissions';
import type { MemberSummary } from '../../domain/views';
import { ModalHeader, useModal } from '../components/modal-stack';
import { useToast } from '../components/toasts';
import { useGatedAction } from '../engagement/gated-action';
import { useTranslation } from '../i18n';
import { CommentComposer } from './comment-composer';
import type { CommentNavigationState } from './comment-edit-page';
import type { CommentSubmitResult } from './comment-editor';
import { CommentItem } from './comment-item';
import { addComment, appendReplies, appendThreads, removeComment } from './comment-tree';
import {
  deleteComment as deleteCommentCall,
  fetchComments,
  fetchReplies,
  postComment,
} from './comments-api';
import {
  CommentsContext,
  type CommentsContextValue,
  type CommentsPost,
  useComments,
} from './comments-context';
import { useCommentsOff } from './comments-switch';
import { useReport } from './use-engagement-actions';

/** The member's box's control, pressed again after logging in (gated-action.tsx). */
const WRITE_ACTION = 'comment:write';

export interface CommentsSectionProps {
  post: CommentsPost;
  /** The first page, or null when the reader may not read them (a paid plan). */
  initial: CommentsPageView | null;
  viewer: Actor;
  member: MemberSummary | null;
  settings: Pick<PermissionSettings, 'commentsEnabled' | 'memberAreaInstalled'>;
  /** A demo site (SPEC §4): members' gated actions open the demo-mode modal. */
  isDemoMode: boolean;
  /** Comments off for this post when the page was made (the post's menu may switch it). */
  isCommentsDisabled: boolean;
  /** SPEC §6: the reader may read and write (no paid plan, or theirs). */
  hasPlanAccess: boolean;
  loginHref: string;
  base: string;
  now: string;
  timeZone: string;
  device: 'desktop' | 'mobile';
}

/** The words for a refused write, by the server's code. */
function problemMessage(
  t: (key: string, options?: Record<string, unknown>) => string,
  code: string,
): string {
  const known = [
    'comment_empty',
    'comment_too_long',
    'comment_too_many_links',
    'comment_content_invalid',
    'disabled',
    'forbidden',
    'login-required',
    'comment_not_found',
    'demo_mode',
    'join-community',
    'network',
  ];
  return t(`comments.problem.${known.includes(code) ? code : 'unknown'}`, {
    max: code === 'comment_too_many_links' ? COMMENT_LINKS_MAX : COMMENT_TEXT_MAX,
  });
}

/** The section. */
export function CommentsSection(props: CommentsSectionProps) {
  const { t } = useTranslation();
  const { show } = useToast();
  const { openModal } = useModal();
  const report = useReport();
  const gated = useGatedAction();
  const [threads, setThreads] = useState<CommentView[]>(props.initial?.comments ?? []);
  const [cursor, setCursor] = useState<string | null>(props.initial?.nextCursor ?? null);
  const [total, setTotal] = useState(props.initial?.totalComments ?? 0);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  // The page's clock, moved on when the member adds a comment, which is newer than the page.
  const [now, setNow] = useState(props.now);
  const [loadFailed, setLoadFailed] = useState(false);
  const { post } = props;
  const isOff = useCommentsOff(props.post.id, props.isCommentsDisabled);
  const writeRefusal = whyNot(props.viewer, 'comment:create', {
    post: { isCommentsDisabled: isOff },
    settings: props.settings,
    hasPlanAccess: props.hasPlanAccess,
    site: { isDemoMode: props.isDemoMode },
  });
  const gate = useCallback(
    (reason: GateReason | null, actionKey: string, perform: () => unknown) =>
      gated.run({ reason, actionKey, perform }),
    [gated],
  );

  const write = useCallback(
    async (document: unknown, replyTo?: string): Promise<CommentSubmitResult> => {
      const result = await postComment(post.id, document, replyTo);
      if (!result.ok) {
        // The server's own refusals of a gated action: the same modals as a press (SPEC §4, §6).
        if (result.code === 'demo_mode' || result.code === 'join-community') {
          gated.refused(result.code, {
            actionKey: 'comment:write',
            perform: () => undefined,
          });
        }
        return { ok: false, message: problemMessage(t, result.code) };
      }
      setNow(new Date().toISOString());
      setThreads((current) => addComment(current, result.value.comment));
      setTotal(result.value.totalComments);
      return { ok: true };
    },
    [post.id, t, gated],
  );

  const remove = useCallback(
    async (comment: CommentView) => {
      const ok = await openModal<boolean>(({ close }) => (
        <ConfirmDelete hasReplies={comment.replyCount > 0} close={close} />
      ));
      if (!ok) return;
      const result = await deleteCommentCall(comment.id);
      if (!result.ok && result.code === 'demo_mode') {
        gated.refused('demo_mode', { actionKey: 'comment:delete', perform: () => undefined });
        return;
      }
      if (!result.ok && result.code !== 'comment_not_found') {
        show({ kind: 'error', message: t('comments.toast.deleteFailed') });
        return;
      }
      setThreads((current) => removeComment(current, comment.id));
      if (result.ok) setTotal(result.value.totalComments);
      show({ kind: 'info', message: t('comments.toast.deleted') });
    },
    [openModal, show, t, gated],
  );

  const moreReplies = useCallback(async (comment: CommentView) => {
    const result = await fetchReplies(comment.id, comment.repliesCursor);
    if (!result.ok) {
      setLoadFailed(true);
      return;
    }
    setThreads((current) =>
      appendReplies(current, comment.id, result.value.comments, result.value.nextCursor),
    );
  }, []);

  async function loadMore() {
    setLoading(true);
    setLoadFailed(false);
    const result = await fetchComments(post.id, cursor);
    setLoading(false);
    if (!result.ok) {
      setLoadFailed(true);
      return;
    }
    setThreads((current) => appendThreads(current, result.value.comments));
    setCursor(result.value.nextCursor);
    setTotal(result.value.totalComments);
  }

  const context = useMemo<CommentsContextValue>(
    () => ({
      post,
      viewer: props.viewer,
      member: props.member,
      settings: props.settings,
      writeRefusal,
      isDemoMode: props.isDemoMode,
      loginHref: props.loginHref,
      base: props.base,
      now,
      timeZone: props.timeZone,
      device: props.device,
      replyingTo,
      setReplyingTo,
      reply: (to, document) => write(document, to.id),
      remove: (comment) => void remove(comment),
      report: (comment) => void report('comment', comment.id),
      moreReplies,
      gate,
    }),
    [post, props, now, writeRefusal, replyingTo, write, remove, report, moreReplies, gate],
  );

  // SPEC §8 "comment updated": once, on coming back from the comment edit page.
  const location = useLocation();
  const toldFor = useRef<string | null>(null);
  const isUpdated = (location.state as CommentNavigationState | null)?.commentUpdated === true;
  useEffect(() => {
    if (!isUpdated || toldFor.current === location.key) return;
    toldFor.current = location.key;
    show({ kind: 'info', message: t('comments.toast.updated') });
  }, [isUpdated, location.key, show, t]);

  const isReadable = props.initial !== null;
  return (
    <section className="comments" id="comments" aria-labelledby="comments-title">
      <header className="comments__header">
        <h2 className="comments__title" id="comments-title">
          {t('comments.title')}
        </h2>
        {isReadable ? (
          <span className="comments__count" aria-live="polite">
            {total > 0 ? t('comments.count', { count: total }) : t('comments.countNone')}
          </span>
        ) : null}
      </header>
      <CommentsContext.Provider value={context}>
        <WriteArea refusal={writeRefusal} onWrite={(document) => write(document)} />
        {!isReadable ? (
          <p className="comments__notice">{t('comments.planRequired')}</p>
        ) : threads.length === 0 ? (
          <div className="comments__empty">
            <p className="comments__empty-title">{t('comments.emptyTitle')}</p>
            <p className="comments__empty-text">{t('comments.emptyText')}</p>
          </div>
        ) : (
          <ol className="comment-list">
            {threads.map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </ol>
        )}
      </CommentsContext.Provider>
      {loadFailed ? (
        <p className="comments__notice" role="alert">
          {t('comments.loadFailed')}
        </p>
      ) : null}
      {cursor ? (
        <button
          type="button"
          className="button comments__more"
          aria-busy={isLoading || undefined}
          onClick={() => void loadMore()}
        >
          {isLoading ? t('comments.loadingMore') : t('comments.loadMore')}
        </button>
      ) : null}
    </section>
  );
}

/** The member's box, or why there is none. */
function WriteArea({
  refusal,
  onWrite,
}: {
  refusal: GateReason | null;
  onWrite(document: unknown): Promise<CommentSubmitResult>;
}) {
  const { t } = useTranslation();
  const ctx = useComments();
  if (refusal === null || refusal === 'join-community' || refusal === 'demo_mode') {
    return (
      <div className="comments__write">
        <CommentComposer
          member={ctx.member}
          actionKey={WRITE_ACTION}
          // A private member is offered to join the community, a demo site shows its modal.
          onOpenRequest={(open) => ctx.gate(refusal, WRITE_ACTION, open)}
          placeholder={t('comments.writePlaceholder')}
          label={t('comments.writeLabel')}
          submitLabel={t('comments.post')}
          busyLabel={t('comments.posting')}
          onSubmit={onWrite}
        />
      </div>
    );
  }
  if (refusal === 'login-required') {
    return (
      <div className="comments__gate">
        <p>{t('comments.loginPrompt')}</p>
        {/* A link that works before scripts; with them, the box opens after logging in. */}
        <a
          className="button button--primary"
          href={ctx.loginHref}
          data-action-key={WRITE_ACTION}
          onClick={(event) => {
            event.preventDefault();
            ctx.gate(refusal, WRITE_ACTION, () => undefined);
          }}
        >
          {t('comments.loginToComment')}
        </a>
      </div>
    );
  }
  if (refusal === 'disabled') return <p className="comments__notice">{t('comments.disabled')}</p>;
  return (
    <p className="comments__notice">
      {ctx.viewer.isBlocked ? t('comments.blocked') : t('comments.planRequired')}
    </p>
  );
}

/** "Delete this comment?" with Cancel and Delete (SPEC §4 modal). */
function ConfirmDelete({
  hasReplies,
  close,
}: {
  hasReplies: boolean;
  close(value?: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="comment-confirm">
      <ModalHeader title={t('comments.confirmDelete.title')} />
      <p className="modal__body">
        {t(hasReplies ? 'comments.confirmDelete.textWithReplies' : 'comments.confirmDelete.text')}
      </p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={() => close(false)}>
          {t('comments.confirmDelete.cancel')}
        </button>
        <button type="button" className="button button--danger" onClick={() => close(true)}>
          {t('comments.confirmDelete.confirm')}
        </button>
      </div>
    </div>
  );
}
