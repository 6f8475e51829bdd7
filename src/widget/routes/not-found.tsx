/**
 * The blog's 404 page (`/404` and every unknown blog address): status 404, a Back button home.
 */
import { data, useRouteLoaderData } from 'react-router';
import { homeUrl } from '../../domain/routes';
import type { BlogHandle, loadBlogShell as blogLoader } from '../blog-shell';
import { NotFound } from '../components/not-found';
import { blogMeta } from '../seo/meta';
import type { Route } from './+types/not-found';

export const handle: BlogHandle = {
  mobileTitle: 'blog',
  isSharedWithMembers: true,
  hasIslands: true,
};

/** Answers 404 so that search engines drop the address. */
export function loader() {
  return data(null, { status: 404 });
}

/** "Page not found" in the page's title; never indexed (nor is any unknown address). */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** The not-found page. */
export default function BlogNotFound() {
  const blog = useRouteLoaderData<typeof blogLoader>('widget/routes/blog-layout');
  return <NotFound homeUrl={homeUrl(blog?.blog.base ?? '/blog')} />;
}
