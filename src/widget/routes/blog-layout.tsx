/**
 * The Blog widget's shell (SPEC §2 "Each page sits in a shell"): the desktop and mobile headers
 * (components/blog-header), the main area, and the roots for modals, messages and popovers.
 */

import { Outlet, useLoaderData } from 'react-router';
import { loadBlogShell } from '../blog-shell';
import { BlogErrorBoundary } from '../components/blog-error';
import { BlogHeader, type BlogHeaderProps } from '../components/blog-header';
import { IconSprite } from '../components/icons';
import { BLOG_MAIN_ID } from '../components/skip-link';
import { usePendingActionReplay } from '../engagement/pending-action';
import { Island } from '../islands/island';
import { useBlogSettings } from '../use-blog';
import '../styles/blog.css';
import '../styles/header.css';
import type { Route } from './+types/blog-layout';

/** Site facts and the category navigation, shared by every blog page (../blog-shell.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadBlogShell({ context });
}

/** The shell around every blog page. */
export default function BlogLayout() {
  const { blog, categories, device, settings } = useLoaderData<typeof loader>();
  // SPEC §4: back from logging in, the gated action that asked for it continues.
  usePendingActionReplay();
  // SPEC §1: the default theme, or the responsive one (the editor's canvas shows a switch live).
  const { theme } = useBlogSettings();
  const headerProps: BlogHeaderProps = {
    base: blog.base,
    categories: categories.map(({ id, menuLabel, link }) => ({ id, menuLabel, link })),
    device,
    settings: { header: settings.header, allPostsLabel: settings.allPostsLabel },
  };
  return (
    <div className="blog" id="blog" data-theme={theme}>
      <IconSprite />
      {/* An island on reader pages (decision 053): live as soon as it is in view, for the
          category bar's More menu. */}
      <Island name="header" when="visible" props={headerProps}>
        <BlogHeader {...headerProps} />
      </Island>
      <main className="blog-main" id={BLOG_MAIN_ID} tabIndex={-1}>
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
      <main className="blog-main" id={BLOG_MAIN_ID} tabIndex={-1}>
        <BlogErrorBoundary />
      </main>
    </div>
  );
}
