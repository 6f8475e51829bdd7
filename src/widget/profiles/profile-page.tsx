/**
 * A member's profile page (issue 5; SPEC §2 "Member profile links use siteMemberId and slug", §3
 * Member, §9 avatar sizes): their cover, picture, name, role badge, bio and counters, one page of
 * their published posts as the feed's cards, and their latest comments, each with the post it is
 * on. The member's own view offers Edit profile and says when the profile is private; anyone else
 * asking for a private profile gets `PrivateProfile`, none of its data.
 *
 * Nothing of it is imported by the feed (decision 009: the feed's script budget); its words and
 * styles travel with it (locales/profiles).
 */
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { isPaginationHidden } from '../../domain/pagination';
import {
  AVATAR_SIZES,
  formatMemberSince,
  type ProfileCommentView,
  type ProfileMemberView,
  profileUrl,
} from '../../domain/profiles';
import { homeUrl } from '../../domain/routes';
import type { FeedSettingsView } from '../../domain/settings';
import type { FeedCardsView } from '../../domain/views';
import { Pagination } from '../components/pagination';
import { Avatar, PublishDate } from '../components/post-meta';
import { ResponsiveImage } from '../components/responsive-image';
import { ToastProvider, useToast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { PostList } from '../layouts/post-list';
import type { ProfileNavigationState } from '../navigate-to-profile';
import { useBlogSettings } from '../use-blog';
import './profile-messages';
import './profiles.css';
import { LineIcon } from '../components/line-icon';

/** What the profile page shows (the loader's data). */
export interface ProfilePageData {
  member: ProfileMemberView;
  isOwn: boolean;
  posts: FeedCardsView;
  comments: ProfileCommentView[];
  /** The member's own form; null unless it is their profile. */
  editUrl: string | null;
  base: string;
  now: string;
  timeZone: string;
}

/** Marks where a link goes in a translated sentence. */
const SLOT = '\u0000';

/** A profile's cover across the top of its card (16:5 at most, cropped). */
const COVER_SIZES = '(max-width: 980px) 100vw, 980px';

/** The profile page. */
export function ProfilePage(props: ProfilePageData) {
  return (
    <ToastProvider>
      <ProfileUpdatedToast />
      <article className="profile" aria-labelledby="profile-name">
        <ProfileHeader {...props} />
        <ProfilePosts {...props} />
        <ProfileComments {...props} />
      </article>
    </ToastProvider>
  );
}

/** SPEC §8 success toast "profile updated", once, after the form saved and came back here. */
function ProfileUpdatedToast() {
  const { t } = useTranslation();
  const toast = useToast();
  const location = useLocation();
  const shownFor = useRef<string | null>(null);
  const isUpdated = (location.state as ProfileNavigationState | null)?.profileUpdated === true;
  useEffect(() => {
    // Once per arrival: a later page of posts (same component, new location) says nothing.
    if (!isUpdated || shownFor.current === location.key) return;
    shownFor.current = location.key;
    toast.show({ kind: 'success', message: t('profiles.updated') });
  }, [isUpdated, location.key, toast, t]);
  return null;
}

function ProfileHeader({ member, isOwn, editUrl, timeZone }: ProfilePageData) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const counters = [
    { key: 'posts', count: member.counters.posts },
    { key: 'comments', count: member.counters.comments },
    { key: 'likes', count: member.counters.likesReceived },
  ];
  return (
    <header className={member.cover ? 'profile-header has-cover' : 'profile-header'}>
      {member.cover ? (
        <div className="profile-header__cover">
          <ResponsiveImage
            image={{ ...member.cover, alt: '' }}
            sizes={COVER_SIZES}
            isEager
            preferredWidth={1280}
          />
        </div>
      ) : null}
      <div className="profile-header__body">
        <div className="profile-header__avatar">
          <Avatar member={member} size={AVATAR_SIZES.extraLarge} />
        </div>
        <div className="profile-header__text">
          <div className="profile-header__title">
            <h1 className="profile-header__name" id="profile-name">
              {member.name}
            </h1>
            {member.badge ? (
              <span className="profile-badge">{t(`profiles.badge.${member.badge}`)}</span>
            ) : null}
          </div>
          <p className="profile-header__since">
            {t('profiles.memberSince', {
              date: formatMemberSince(member.memberSince, i18n.language, timeZone),
            })}
          </p>
          {member.about ? <p className="profile-header__about">{member.about}</p> : null}
        </div>
        {isOwn && editUrl ? (
          <Link className="button profile-header__edit" to={editUrl}>
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            {t('profiles.edit')}
          </Link>
        ) : null}
      </div>
      {isOwn && member.privacyStatus === 'PRIVATE' ? (
        <p className="profile-header__notice">
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <rect x="5" y="11" width="14" height="10" rx="2" fill="none" stroke="currentColor" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" />
          </svg>
          {t('profiles.privateNotice')}
        </p>
      ) : null}
      <dl className="profile-stats" aria-label={t('profiles.countersLabel')}>
        {counters.map(({ key, count }) => (
          <div className="profile-stats__item" key={key}>
            <dt>{t(`profiles.counters.${key}`, { count })}</dt>
            <dd>{number.format(count)}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}

function ProfilePosts({ member, isOwn, posts, base, now, timeZone }: ProfilePageData) {
  const { t } = useTranslation();
  const settings = useBlogSettings();
  // Every card is the member's own: the author line would say their name each time.
  const cardSettings: FeedSettingsView = {
    ...settings,
    display: { ...settings.display, authorName: false, authorPicture: false },
  };
  const pageUrl = (page: number) => profileUrl(base, member, page);
  return (
    <section className="profile-section" aria-labelledby="profile-posts-title">
      <h2 className="profile-section__title" id="profile-posts-title">
        {t('profiles.posts.title')}
      </h2>
      {posts.posts.length === 0 ? (
        <p className="profile-section__empty">
          {isOwn ? t('profiles.posts.emptyOwn') : t('profiles.posts.empty', { name: member.name })}
        </p>
      ) : (
        <PostList
          posts={posts.posts}
          settings={cardSettings}
          now={now}
          timeZone={timeZone}
          isFirstPage={posts.currentPage === 1}
        />
      )}
      {isPaginationHidden(posts.entityCount, posts.pageSize) ? null : (
        <Pagination currentPage={posts.currentPage} lastPage={posts.lastPage} pageUrl={pageUrl} />
      )}
    </section>
  );
}

function ProfileComments({ member, isOwn, comments, now, timeZone }: ProfilePageData) {
  const { t } = useTranslation();
  return (
    <section className="profile-section" aria-labelledby="profile-comments-title">
      <h2 className="profile-section__title" id="profile-comments-title">
        {t('profiles.comments.title')}
      </h2>
      {comments.length === 0 ? (
        <p className="profile-section__empty">
          {isOwn
            ? t('profiles.comments.emptyOwn')
            : t('profiles.comments.empty', { name: member.name })}
        </p>
      ) : (
        <ol className="profile-comments">
          {comments.map((comment) => {
            const [before = '', after = ''] = t('profiles.comments.on', { post: SLOT }).split(SLOT);
            return (
              <li className="profile-comment" key={comment.id}>
                <p className="profile-comment__text">{comment.text}</p>
                <p className="profile-comment__meta">
                  <span>
                    {before}
                    <Link
                      className="profile-comment__post"
                      to={comment.post.link}
                      prefetch="intent"
                    >
                      {comment.post.title}
                    </Link>
                    {after}
                  </span>
                  <span aria-hidden="true"> · </span>
                  <PublishDate date={comment.createdAt} now={now} timeZone={timeZone} />
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** SPEC §6: what anyone but its owner sees of a private profile. */
export function PrivateProfile({ base }: { base: string }) {
  const { t } = useTranslation();
  return (
    <section className="profile-private" aria-labelledby="profile-private-title">
      <div className="profile-private__icon" aria-hidden="true">
        <LineIcon size={28} strokeWidth={1.8}>
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" />
        </LineIcon>
      </div>
      <h1 className="profile-private__title" id="profile-private-title">
        {t('profiles.private.title')}
      </h1>
      <p className="profile-private__text">{t('profiles.private.text')}</p>
      <Link className="button button--primary" to={homeUrl(base)}>
        {t('profiles.private.back')}
      </Link>
    </section>
  );
}
