/**
 * A member's profile, `/profiles/:memberSlug(/page/:page)` (issue 5; SPEC §2 "Member profile
 * links use siteMemberId and slug"): see widget/profiles/profile-page.tsx. An unknown member is
 * the blog's 404; an address by member id redirects to the slug's; a private profile asked for by
 * anyone but its owner answers 403 with "This profile is private" and none of its data. A
 * visitor's view of a public profile is the same for every visitor, so the page cache keeps it;
 * the member's own view says `private, no-store` and is never kept (decision 015).
 */
import { data, redirect, useLoaderData } from 'react-router';
import { isValidPage } from '../../domain/pagination';
import { profileEditUrl, profileUrl } from '../../domain/profiles';
import { toFeedCards } from '../../domain/views';
import type { BlogHandle } from '../blog-shell';
import { BlogErrorBoundary } from '../components/blog-error';
import { PrivateProfile, ProfilePage } from '../profiles/profile-page';
import { privateHead } from '../seo/head';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import { profileHead } from '../seo/page-heads';
import type { Route } from './+types/profile';
import { notFound, pageBasics, requestedPage } from './feed-params';

export const handle: BlogHandle = { mobileTitle: 'blog' };

/** The one header a member's own view adds. */
const OWN_VIEW_HEADERS = { 'cache-control': 'private, no-store' };

/** Loads the profile as the actor may see it, with page `page` of the member's posts. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = requestedPage(params.page);
  const basics = pageBasics(context);
  const found = await context.profiles.page(params.memberSlug, page);
  if (found.kind === 'not-found') throw notFound();
  if (found.kind === 'moved') {
    throw redirect(profileUrl(basics.base, { slug: found.slug }, page), 301);
  }
  if (found.kind === 'private') {
    const head = headContextFor(context);
    return data(
      {
        kind: 'private' as const,
        ...basics,
        head: privateHead(head, head.t('profiles.meta.private')),
      },
      { status: 403 },
    );
  }
  const { view } = found;
  // SPEC §4: a page is valid if it is 1 or between 2 and the last page.
  if (!isValidPage(page, view.posts.lastPage)) throw notFound();
  // The reader's likes are laid over the cards (decision 050).
  const cards = toFeedCards(view.posts);
  return data(
    {
      kind: 'profile' as const,
      ...basics,
      profile: {
        ...view,
        posts: cards,
        editUrl: view.isOwn ? profileEditUrl(basics.base, view.member) : null,
      },
      head: profileHead(headContextFor(context), { member: view.member, posts: cards }),
    },
    view.isOwn ? { headers: OWN_VIEW_HEADERS } : undefined,
  );
}

/** The member's own view is theirs only: no browser, proxy or page cache keeps it. */
export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cacheControl = loaderHeaders.get('cache-control');
  return cacheControl ? { 'cache-control': cacheControl } : {};
}

/** A public profile's head (widget/seo); a private profile says only that, never indexed. */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** The profile, or the private-profile screen. */
export default function Profile() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === 'private') return <PrivateProfile base={loaded.base} />;
  const { profile, base, now, timeZone } = loaded;
  return <ProfilePage {...profile} base={base} now={now} timeZone={timeZone} />;
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
