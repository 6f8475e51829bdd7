/**
 * The my-posts page widget (SPEC §2 widget `my-posts-page`, feed source `my-posts`): the signed-in
 * member's own posts in three tabs (Published, Drafts, Scheduled) with their counts, newest first,
 * paged; each row with its cover, title, status, date, counters, an Edit link and a ⋯ menu of
 * the post's actions (duplicate, revert to draft, delete; SPEC §6); a Create post button for
 * members who may write. A visitor gets the login-required screen (SPEC §2, §8).
 *
 * A site page mounts it with `loadMyPostsWidget` (my-posts-loader.ts) in its loader and
 * `<MyPostsWidget>`. Tabs and pages are links with `?status=&page=`, so the page works before (or
 * without) scripts. Nothing of it is imported by the blog's feed (decision 009: the feed's script
 * budget); its words and styles travel with it.
 */
import { Link, useRevalidator } from 'react-router';
import myPostsEn from '../../../locales/my-posts/en.json';
import { formatPublishDate } from '../../domain/dates';
import {
  MY_POSTS_PATH,
  MY_POSTS_TABS,
  type MyPostsPageView,
  type MyPostsTab,
  type MyPostView,
  myPostsUrl,
  timeOfDay,
} from '../../domain/my-posts';
import { type Actor, whyNot } from '../../domain/permissions';
import { addNamespace } from '../../rich-content/i18n';
import { IconSprite } from '../components/icons';
import { LoginRequiredScreen } from '../components/login-required';
import { ModalProvider } from '../components/modal-stack';
import { type MenuItem, MoreOptionsMenu } from '../components/more-options-menu';
import { Pagination } from '../components/pagination';
import { PostCounters } from '../components/post-counters';
import { PublishDate } from '../components/post-meta';
import { ResponsiveImage } from '../components/responsive-image';
import { ToastProvider } from '../components/toasts';
import { useTranslation } from '../i18n';
import { usePostManagement } from '../post-manage/use-post-management';
import '../styles/blog.css';
import './my-posts-widget.css';
import { LineIcon } from '../components/line-icon';

// The widget's words load with it (locales/my-posts), not with every page of the blog.
addNamespace('my-posts', myPostsEn);

/** What the widget renders: the member's tab, or why not (with where to go instead). */
export type MyPostsWidgetData =
  | {
      kind: 'posts';
      view: MyPostsPageView;
      /** Where the Create post button leads; null when the member may not create posts. */
      createUrl: string | null;
      /** The member, whose own posts these are: what each row's menu offers (`whyNot`). */
      viewer: Actor;
      /** The blog's base path (the editor's address). */
      base: string;
      now: string;
      timeZone: string;
    }
  | {
      kind: 'refused';
      reason: 'login-required' | 'forbidden';
      loginUrl: string;
      blogUrl: string;
    };

/** Marks where the date goes in a row's date sentence. */
const DATE_SLOT = '\u0000';

/** The widget; `path` is the address of the page it is mounted on. */
export function MyPostsWidget({
  data,
  path = MY_POSTS_PATH,
}: {
  data: MyPostsWidgetData;
  path?: string;
}) {
  const { t } = useTranslation();
  if (data.kind === 'refused') return <MyPostsRefusal data={data} />;
  const { view, createUrl } = data;
  return (
    <ToastProvider>
      <ModalProvider>
        <section className="my-posts" aria-labelledby="my-posts-title">
          <IconSprite />
          {/* An empty tab offers Create post itself; one button is enough. */}
          <MyPostsHeader createUrl={view.posts.length > 0 ? createUrl : null} />
          <MyPostsTabs view={view} path={path} />
          <div className="my-posts__panel">
            {view.posts.length === 0 ? (
              <MyPostsEmpty tab={view.tab} createUrl={createUrl} />
            ) : (
              <ul
                className="my-posts__list"
                aria-label={t('myPosts.listLabel', {
                  tab: t(`myPosts.tabs.${view.tab}`),
                  page: view.currentPage,
                  last: view.lastPage,
                })}
              >
                {view.posts.map((post) => (
                  <MyPostRow
                    key={post.id}
                    post={post}
                    now={data.now}
                    timeZone={data.timeZone}
                    viewer={data.viewer}
                    base={data.base}
                  />
                ))}
              </ul>
            )}
            <Pagination
              currentPage={view.currentPage}
              lastPage={view.lastPage}
              pageUrl={(page) => myPostsUrl(view.tab, page, path)}
            />
          </div>
        </section>
      </ModalProvider>
    </ToastProvider>
  );
}

function PencilIcon() {
  return (
    <LineIcon className="icon">
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="M14 6l4 4" />
    </LineIcon>
  );
}

function PlusIcon() {
  return (
    <svg
      className="icon"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

function CreateButton({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <Link className="button button--primary my-posts__create" to={href}>
      <PlusIcon />
      {t('myPosts.create')}
    </Link>
  );
}

function MyPostsHeader({ createUrl }: { createUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <header className="my-posts__header">
      <div className="my-posts__heading">
        <h1 className="my-posts__title" id="my-posts-title">
          {t('myPosts.title')}
        </h1>
        <p className="my-posts__lead">{t('myPosts.lead')}</p>
      </div>
      {createUrl ? <CreateButton href={createUrl} /> : null}
    </header>
  );
}

/**
 * The tabs: links to each tab's first page with its count. They are links, not script-driven
 * tabs (each is its own address, server-rendered), so they are a navigation marked with
 * `aria-current`.
 */
function MyPostsTabs({ view, path }: { view: MyPostsPageView; path: string }) {
  const { t } = useTranslation();
  return (
    <nav className="my-posts__tabs" aria-label={t('myPosts.tabsLabel')}>
      {MY_POSTS_TABS.map((tab) => {
        const isCurrent = tab === view.tab;
        const count = view.counts[tab];
        return (
          <Link
            key={tab}
            className={isCurrent ? 'my-posts__tab is-current' : 'my-posts__tab'}
            to={myPostsUrl(tab, 1, path)}
            aria-current={isCurrent ? 'page' : undefined}
          >
            <span>{t(`myPosts.tabs.${tab}`)}</span>
            <span className="my-posts__count" aria-hidden="true">
              {count}
            </span>
            <span className="visually-hidden">{` (${t('myPosts.tabCount', { count })})`}</span>
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * The date a row shows, as the locale words it ('3 days ago' beside the Published badge, 'Last
 * edited Mar 3', 'Goes out Jun 20 at 9:00 AM'): the SPEC §4 date rules through `PublishDate` (a
 * future date is never relative), and for a scheduled post the time of day it goes out.
 */
function RowDate({ post, now, timeZone }: { post: MyPostView; now: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const { kind, iso } = post.date;
  const at = new Date(now);
  if (
    kind !== 'scheduled' &&
    formatPublishDate(iso, at, i18n.language).kind === 'few-seconds-ago'
  ) {
    return (
      <time className="my-post__date" dateTime={iso} suppressHydrationWarning>
        {t(`myPosts.date.${kind}JustNow`)}
      </time>
    );
  }
  // The sentence comes from the locale with the date's place marked, so any word order works.
  const sentence = t(`myPosts.date.${kind}`, {
    date: DATE_SLOT,
    time: kind === 'scheduled' ? timeOfDay(iso, i18n.language, timeZone) : undefined,
  });
  const [before = '', after = ''] = sentence.split(DATE_SLOT);
  const date = <PublishDate date={iso} now={now} timeZone={timeZone} />;
  return (
    <span className="my-post__date">
      {before}
      {date}
      {after}
    </span>
  );
}

/** A row's ⋯ menu: what the member may do with their own post, the list reloaded after. */
function MyPostMenu({
  post,
  title,
  viewer,
  base,
}: {
  post: MyPostView;
  title: string;
  viewer: Actor;
  base: string;
}) {
  const { t } = useTranslation();
  const manage = usePostManagement(base);
  const revalidator = useRevalidator();
  // The member's own post (the page lists nothing else).
  const facts = {
    ownerId: viewer.memberId ?? '',
    ownerRole: viewer.role,
    status: post.status,
    isCommentsDisabled: false,
  };
  const isAllowed = (action: 'post:duplicate' | 'post:revert-to-draft' | 'post:delete') =>
    whyNot(viewer, action, { post: facts }) === null;
  const managed = { id: post.id, title };
  const reload = () => revalidator.revalidate();
  const items: MenuItem[] = [];
  if (isAllowed('post:duplicate')) {
    items.push({
      id: 'duplicate',
      label: t('postManage.duplicate'),
      onSelect: () => manage.duplicate(managed),
    });
  }
  if (post.tab !== 'drafts' && isAllowed('post:revert-to-draft')) {
    items.push({
      id: 'unpublish',
      label: t('postManage.unpublish'),
      onSelect: () => manage.unpublish(managed, reload),
    });
  }
  if (isAllowed('post:delete')) {
    items.push({
      id: 'delete',
      label: t('postManage.delete'),
      onSelect: () => manage.remove(managed, reload),
    });
  }
  if (items.length === 0) return null;
  return (
    <MoreOptionsMenu
      items={items}
      label={t('myPosts.moreActions', { title })}
      className="my-post__menu"
    />
  );
}

function MyPostRow({
  post,
  now,
  timeZone,
  viewer,
  base,
}: {
  post: MyPostView;
  now: string;
  timeZone: string;
  viewer: Actor;
  base: string;
}) {
  const { t } = useTranslation();
  const title = post.title.trim() || t('myPosts.untitled');
  return (
    <li className={`my-post is-${post.tab}`}>
      {/* The title is the row's link for keyboards and screen readers; the picture repeats it. */}
      <Link className="my-post__thumb" to={post.link} tabIndex={-1} aria-hidden="true">
        {post.cover ? (
          <ResponsiveImage
            image={{ ...post.cover, alt: '' }}
            sizes="(max-width: 659px) 72px, 112px"
            preferredWidth={320}
          />
        ) : (
          <LineIcon className="my-post__placeholder" size={28} strokeWidth={1.6}>
            <path d="M6 3h8l4 4v14H6z" />
            <path d="M14 3v4h4M9 12h6M9 16h6" />
          </LineIcon>
        )}
      </Link>
      <div className="my-post__body">
        <h2 className="my-post__title">
          <Link to={post.link}>{title}</Link>
        </h2>
        <p className="my-post__meta">
          <span className={`my-post__status is-${post.status}`}>
            {t(`myPosts.status.${post.status}`)}
          </span>
          <RowDate post={post} now={now} timeZone={timeZone} />
        </p>
        {post.counters ? <PostCounters counters={post.counters} showZeroLikes /> : null}
      </div>
      <div className="my-post__actions">
        <Link
          className="button my-post__edit"
          to={post.editLink}
          aria-label={t('myPosts.editPost', { title })}
        >
          <PencilIcon />
          <span>{t('myPosts.edit')}</span>
        </Link>
        <MyPostMenu post={post} title={title} viewer={viewer} base={base} />
      </div>
    </li>
  );
}

function MyPostsEmpty({ tab, createUrl }: { tab: MyPostsTab; createUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="my-posts__empty">
      <h2 className="my-posts__empty-title">{t(`myPosts.empty.${tab}.title`)}</h2>
      <p className="my-posts__empty-text">{t(`myPosts.empty.${tab}.text`)}</p>
      {createUrl ? <CreateButton href={createUrl} /> : null}
    </div>
  );
}

/** SPEC §2 login-required screen (title, description, login button), or a blocked member's 403. */
function MyPostsRefusal({ data }: { data: Extract<MyPostsWidgetData, { kind: 'refused' }> }) {
  const { t } = useTranslation();
  const isLogin = data.reason === 'login-required';
  return (
    <LoginRequiredScreen
      reason={data.reason}
      title={t(isLogin ? 'myPosts.refusal.loginTitle' : 'myPosts.refusal.forbiddenTitle')}
      description={t(
        isLogin ? 'myPosts.refusal.loginDescription' : 'myPosts.refusal.forbiddenDescription',
      )}
      loginUrl={data.loginUrl}
      backUrl={data.blogUrl}
      loginLabel={t('myPosts.refusal.loginButton')}
      backLabel={t('myPosts.refusal.backToBlog')}
    />
  );
}
