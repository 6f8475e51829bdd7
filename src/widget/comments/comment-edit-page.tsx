/**
 * The comment edit page (SPEC §2 `/:postSlug/edit-comment/:commentId` and its dated form; page
 * kind comment_edit_page): the member's own comment in the comment box, with the post it is on.
 * Saving goes back to the comment on the post page, which says "Comment updated" (SPEC §8);
 * a refused save keeps the text and says why. A visitor gets the login-required screen (SPEC §2),
 * anyone else a refusal.
 */
import './comments-messages';
import './comments.css';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { COMMENT_LINKS_MAX, COMMENT_TEXT_MAX, type CommentView } from '../../domain/comments';
import { commentAnchor } from '../../domain/notifications';
import { homeUrl, loginUrl } from '../../domain/routes';
import type { RichDocument } from '../../rich-content/document';
import { LoginRequiredScreen } from '../components/login-required';
import { Avatar } from '../components/post-meta';
import { useTranslation } from '../i18n';
import { COMMENT_AVATAR } from './comment-composer';
import { editComment } from './comments-api';

const CommentEditor = lazy(() => import('./comment-editor'));

/** What the post page reads after a save: say "Comment updated" once (SPEC §8). */
export interface CommentNavigationState {
  commentUpdated?: boolean;
}

/** The page's data. */
export interface CommentEditPageProps {
  comment: CommentView;
  post: { title: string; link: string };
}

/** The form. */
export function CommentEditPage({ comment, post }: CommentEditPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = `${post.link}#${commentAnchor(comment.id)}`;
  return (
    <section className="comments comment-edit" aria-labelledby="comment-edit-title">
      <header className="comments__header comment-edit__header">
        <h1 className="comments__title" id="comment-edit-title">
          {t('comments.editPage.title')}
        </h1>
        <p className="comment-edit__post">
          <Link to={back}>{t('comments.editPage.on', { title: post.title })}</Link>
        </p>
      </header>
      <div className="comment-composer">
        <Avatar member={comment.author} size={COMMENT_AVATAR} />
        <div className="comment-composer__field">
          <Suspense
            fallback={
              <div className="comment-composer__prompt is-loading" aria-busy="true">
                {t('comments.editorLoading')}
              </div>
            }
          >
            <CommentEditor
              initialDocument={comment.content as RichDocument}
              placeholder={t('comments.editPlaceholder')}
              label={t('comments.editPage.title')}
              submitLabel={t('comments.save')}
              busyLabel={t('comments.saving')}
              autoFocus
              onCancel={() => void navigate(back)}
              onSubmit={async (document) => {
                const result = await editComment(comment.id, document);
                if (!result.ok) {
                  const code = result.code;
                  const known = [
                    'comment_empty',
                    'comment_too_long',
                    'comment_too_many_links',
                    'comment_content_invalid',
                    'forbidden',
                    'network',
                  ];
                  return {
                    ok: false,
                    message: t(`comments.problem.${known.includes(code) ? code : 'unknown'}`, {
                      max: code === 'comment_too_many_links' ? COMMENT_LINKS_MAX : COMMENT_TEXT_MAX,
                    }),
                  };
                }
                const state: CommentNavigationState = { commentUpdated: true };
                await navigate(back, { state });
                return { ok: true, keep: true };
              }}
            />
          </Suspense>
        </div>
      </div>
    </section>
  );
}

/** Why the page shows no form: log in first, not theirs, or gone. */
export function CommentEditRefusal({
  reason,
  base,
}: {
  reason: 'login-required' | 'forbidden' | 'not-found';
  base: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const isLogin = reason === 'login-required';
  const key = isLogin ? 'login' : reason === 'forbidden' ? 'forbidden' : 'notFound';
  // The page comes back after logging in (SPEC §4: the action continues).
  const next = location.pathname + location.search;
  return (
    <LoginRequiredScreen
      reason={isLogin ? 'login-required' : 'forbidden'}
      title={t(`comments.editPage.${key}Title`)}
      description={t(`comments.editPage.${key}Text`)}
      loginUrl={`${loginUrl(base)}?${new URLSearchParams({ next })}`}
      backUrl={homeUrl(base)}
      loginLabel={t('comments.editPage.loginButton')}
      backLabel={t('comments.editPage.back')}
    />
  );
}
