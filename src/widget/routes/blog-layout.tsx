/**
 * The Blog widget's shell (SPEC §2 "Each page sits in a shell"): the desktop and mobile headers
 * (components/blog-header), the main area, and the roots for modals, messages and popovers.
 */

import { Outlet, useLoaderData } from 'react-router';
import { isMultilingual } from '../../domain/empty-states';
import { engagementGates } from '../../domain/engagement';
import { HEADER_CATEGORY_LIMIT } from '../../domain/nav-overflow';
import { whyNot } from '../../domain/permissions';
import { feedSettingsView, permissionSettingsOf } from '../../domain/settings';
import { BlogErrorBoundary } from '../components/blog-error';
import { BlogHeader } from '../components/blog-header';
import { IconSprite } from '../components/icons';
import { usePendingActionReplay } from '../engagement/pending-action';
import { useBlogSettings } from '../use-blog';
import '../styles/blog.css';
import '../styles/header.css';
import type { Route } from './+types/blog-layout';

/** Site facts and the category navigation, shared by every blog page. */
export async function loader({ context }: Route.LoaderArgs) {
  const [categories, settings, unread] = await Promise.all([
    context.reader.listCategories(),
    context.reader.getSettings(),
    context.notifications.unreadCount(),
  ]);
  return {
    blog: {
      base: context.site.blogBase,
      categoryPath: context.site.categoryPath,
      timeZone: context.site.timeZone,
      /** The language the reader reads the blog in. */
      language: context.language,
      isMultilingual: isMultilingual(context.site),
    },
    device: context.device,
    settings: feedSettingsView(settings),
    createPostRefusal: whyNot(context.actor, 'post:create', {}),
    /** The reader's refusal of each gated action (SPEC §4, §6), or null where they may. */
    gates: engagementGates(
      context.actor,
      permissionSettingsOf(settings, isMultilingual(context.site)),
      context.site.isDemoMode,
    ),
    /** The signed-in member for the header's profile area (issue 5); null for a visitor. */
    member: context.member,
    /** The member's unread notifications for the header's button; null for visitors. */
    notifications: unread === null ? null : { unread },
    categories: categories
      .filter((c) => c.parentId === null)
      .slice(0, HEADER_CATEGORY_LIMIT)
      .map(({ id, label, menuLabel, link }) => ({ id, label, menuLabel, link })),
  };
}

/**
 * A blog page's route handle: which title the mobile header shows (SPEC §2: Blog, Post or
 * Category by page).
 */
export interface BlogHandle {
  mobileTitle: 'blog' | 'post' | 'category';
}

/** The shell around every blog page. */
export default function BlogLayout() {
  const { blog, categories, device, settings, createPostRefusal, member } =
    useLoaderData<typeof loader>();
  // SPEC §4: back from logging in, the gated action that asked for it continues.
  usePendingActionReplay(member !== null);
  // SPEC §1: the default theme, or the responsive one (the editor's canvas shows a switch live).
  const { theme } = useBlogSettings();
  return (
    <div className="blog" id="blog" data-theme={theme}>
      <IconSprite />
      <BlogHeader
        base={blog.base}
        categories={categories}
        device={device}
        settings={settings}
        createPostRefusal={createPostRefusal}
      />
      <main className="blog-main" id="blog-main">
        <Outlet />
      </main>
      <div id="modal-root" />
      <div id="message-root" aria-live="polite" />
      <div id="popover-root" />
    </div>
  );
}

/** Errors of the layout's own loader: the error screen without the category navigation. */
export function ErrorBoundary() {
  return (
    <div className="blog" id="blog">
      <IconSprite />
      <main className="blog-main">
        <BlogErrorBoundary />
      </main>
    </div>
  );
}
