/**
 * One comment and its replies (issue 6): the author's picture and name (linking to their profile,
 * like every author name), when it was written (a link to the comment itself), its text, its
 * likes, Reply, and a menu with Edit, Delete and Report as the reader may. Replies sit under it,
 * with "View N more replies" when not all are shown.
 */
import { useState } from 'react';
import { commentEditUrl } from '../../domain/comment-urls';
import { type CommentView, commentAnchor, commentFacts } from '../../domain/comments';
import { whyNot } from '../../domain/permissions';
import { profileUrl } from '../../domain/profiles';
import { hashtagUrl } from '../../domain/routes';
import type { RichDocument } from '../../rich-content/document';
import { CommentContent } from '../../rich-content/render/comment-content';
import { type MenuItem, MoreOptionsMenu } from '../components/more-options-menu';
import { Avatar, PublishDate } from '../components/post-meta';
import { useTranslation } from '../i18n';
import { COMMENT_AVATAR, CommentComposer, REPLY_AVATAR } from './comment-composer';
import { CommentLikes } from './comment-likes';
import { hiddenReplies } from './comment-tree';
import { useComments } from './comments-context';
import { EditIcon, FlagIcon, TrashIcon } from './menu-icons';

/** One comment, then its replies. */
export function CommentItem({ comment }: { comment: CommentView }) {
  const { t } = useTranslation();
  const ctx = useComments();
  const [isLoadingReplies, setLoadingReplies] = useState(false);
  const { viewer, settings } = ctx;
  const author = comment.author;
  const name = author?.name || t('comments.deletedMember');
  const facts = commentFacts(comment);
  const isReplyOpen = ctx.replyingTo === comment.id;
  const editRefusal = whyNot(viewer, 'comment:edit', { comment: facts });
  const deleteRefusal = whyNot(viewer, 'comment:delete', { comment: facts });
  const reportRefusal = whyNot(viewer, 'comment:report', {
    comment: facts,
    settings,
    site: { isDemoMode: ctx.isDemoMode },
  });
  const replyAction = `comment:reply:${comment.id}`;

  const items: MenuItem[] = [];
  if (editRefusal === null) {
    items.push({
      id: 'edit',
      label: t('comments.edit'),
      icon: <EditIcon />,
      href: commentEditUrl(ctx.base, ctx.post.slug, comment.id),
    });
  }
  if (deleteRefusal === null) {
    items.push({
      id: 'delete',
      label: t('comments.delete'),
      icon: <TrashIcon />,
      isDanger: true,
      onSelect: () => ctx.remove(comment),
    });
  }
  if (
    reportRefusal === null ||
    reportRefusal === 'join-community' ||
    reportRefusal === 'demo_mode'
  ) {
    items.push({
      id: 'report',
      label: t('comments.report'),
      icon: <FlagIcon />,
      onSelect: () =>
        ctx.gate(reportRefusal, `comment:report:${comment.id}`, () => ctx.report(comment)),
    });
  } else if (reportRefusal === 'login-required') {
    items.push({
      id: 'report',
      label: t('comments.report'),
      icon: <FlagIcon />,
      href: ctx.loginHref,
    });
  }

  const hidden = hiddenReplies(comment);
  const isPostAuthor = author !== null && author.siteMemberId === ctx.post.ownerId;
  const isOwn = author !== null && author.siteMemberId === viewer.memberId;
  const avatarSize = comment.depth === 0 ? COMMENT_AVATAR : REPLY_AVATAR;
  const replyLabel = t('comments.replyTo', { name });

  async function showMoreReplies() {
    setLoadingReplies(true);
    await ctx.moreReplies(comment);
    setLoadingReplies(false);
  }

  return (
    <li className="comment-thread" data-depth={comment.depth}>
      <article
        className="comment"
        id={commentAnchor(comment.id)}
        aria-labelledby={`${commentAnchor(comment.id)}-author`}
      >
        <span className="comment__avatar">
          <Avatar member={author} size={avatarSize} />
        </span>
        <div className="comment__main">
          <header className="comment__head">
            <a
              className="comment__author"
              id={`${commentAnchor(comment.id)}-author`}
              href={author?.link}
            >
              {name}
            </a>
            {isPostAuthor ? <span className="comment__badge">{t('comments.byOwner')}</span> : null}
            {isOwn && !isPostAuthor ? (
              <span className="comment__badge comment__badge--you">{t('comments.you')}</span>
            ) : null}
            <span className="comment__meta">
              <a className="comment__date" href={`#${commentAnchor(comment.id)}`}>
                <PublishDate date={comment.createdAt} now={ctx.now} timeZone={ctx.timeZone} />
              </a>
              {comment.isEdited ? (
                <>
                  <span aria-hidden="true"> · </span>
                  <span>{t('comments.edited')}</span>
                </>
              ) : null}
            </span>
            {comment.isPending ? (
              // Issue 17: a held comment, shown to its author only until an editor approves it.
              <span
                className="comment__badge comment__badge--pending"
                title={t('comments.pendingHint')}
                data-testid="comment-pending"
              >
                {t('comments.pending')}
              </span>
            ) : null}
            {items.length > 0 ? (
              <MoreOptionsMenu
                items={items}
                label={t('comments.moreOptions', { name })}
                className="comment__menu"
              />
            ) : null}
          </header>
          <div className="comment__body" dir="auto">
            <CommentContent
              document={comment.content as RichDocument}
              context={{
                device: ctx.device,
                hashtagUrl: (word) => hashtagUrl(ctx.base, word),
                profileUrl: (slug, siteMemberId) => profileUrl(ctx.base, { siteMemberId, slug }),
              }}
            />
          </div>
          <footer className="comment__actions">
            <CommentLikes comment={comment} />
            {ctx.writeRefusal === null ||
            ctx.writeRefusal === 'join-community' ||
            ctx.writeRefusal === 'demo_mode' ? (
              <button
                type="button"
                className="comment__action"
                aria-expanded={isReplyOpen}
                aria-label={replyLabel}
                data-action-key={replyAction}
                onClick={() =>
                  isReplyOpen
                    ? ctx.setReplyingTo(null)
                    : ctx.gate(ctx.writeRefusal, replyAction, () => ctx.setReplyingTo(comment.id))
                }
              >
                {t('comments.reply')}
              </button>
            ) : ctx.writeRefusal === 'login-required' ? (
              // A link that works before scripts; with them, the reply box opens after logging in.
              <a
                className="comment__action"
                href={ctx.loginHref}
                aria-label={replyLabel}
                data-action-key={replyAction}
                onClick={(event) => {
                  event.preventDefault();
                  ctx.gate('login-required', replyAction, () => undefined);
                }}
              >
                {t('comments.reply')}
              </a>
            ) : null}
          </footer>
          {isReplyOpen ? (
            <div className="comment__reply-box">
              <CommentComposer
                member={ctx.member}
                isOpen
                avatarSize={REPLY_AVATAR}
                // At the deepest level the reply joins this thread: it names whom it answers.
                initialMention={
                  comment.depth > 0 && author && !isOwn
                    ? { id: author.siteMemberId, name: author.name, slug: author.slug }
                    : null
                }
                placeholder={t('comments.replyPlaceholder')}
                label={t('comments.replyLabel', { name })}
                submitLabel={t('comments.reply')}
                busyLabel={t('comments.posting')}
                onSubmit={async (document) => {
                  const result = await ctx.reply(comment, document);
                  if (result.ok) ctx.setReplyingTo(null);
                  return result;
                }}
                onCancel={() => ctx.setReplyingTo(null)}
              />
            </div>
          ) : null}
        </div>
      </article>
      {comment.replies.length > 0 ? (
        <ol className="comment-list comment-list--replies">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} />
          ))}
        </ol>
      ) : null}
      {hidden > 0 && comment.repliesCursor ? (
        <button
          type="button"
          className="comment-thread__more"
          aria-busy={isLoadingReplies || undefined}
          onClick={() => void showMoreReplies()}
        >
          {isLoadingReplies
            ? t('comments.loadingMore')
            : t('comments.moreReplies', { count: hidden })}
        </button>
      ) : null}
    </li>
  );
}
