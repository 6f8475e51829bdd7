/**
 * The member's own profile form, `/profiles/:memberSlug/edit` (issue 5): see
 * widget/profiles/profile-form.tsx. A visitor gets the login-required screen (SPEC §2, §8; 401),
 * a blocked member or anyone at another member's address a 403 message; the member's id in
 * place of their slug redirects to the slug's address. One member's page: never cached.
 */
import { data, redirect, useLoaderData } from 'react-router';
import { profileEditUrl } from '../../domain/profiles';
import type { BlogHandle } from '../blog-shell';
import { BlogErrorBoundary } from '../components/blog-error';
import { ProfileEditRefusal, ProfileEditScreen } from '../profiles/profile-edit-screen';
import { privateHead } from '../seo/head';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import type { Route } from './+types/profile-edit';
import { pageBasics } from './feed-params';

export const handle: BlogHandle = { mobileTitle: 'blog' };

/** The member's own record, or why not with its status. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const head = headContextFor(context);
  // Never indexed: one member's page.
  const basics = { ...pageBasics(context), head: privateHead(head, head.t('profiles.meta.edit')) };
  const own = await context.profiles.own();
  if (own.ok && params.memberSlug === own.value.siteMemberId) {
    throw redirect(profileEditUrl(basics.base, own.value));
  }
  if (own.ok && params.memberSlug === own.value.slug) {
    return { kind: 'form' as const, profile: own.value, ...basics };
  }
  // Another member's address is refused alike whether that member exists or not.
  const reason = own.ok ? ('forbidden' as const) : own.reason;
  return data(
    { kind: 'refused' as const, reason, ...basics },
    { status: reason === 'login-required' ? 401 : 403 },
  );
}

/** One member's page: never stored by a browser, a proxy or the page cache. */
export function headers(): HeadersInit {
  return { 'cache-control': 'private, no-store' };
}

/** Title; never indexed. */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** The form, or the refusal screen. */
export default function ProfileEdit() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === 'refused') {
    return <ProfileEditRefusal reason={loaded.reason} base={loaded.base} />;
  }
  return <ProfileEditScreen profile={loaded.profile} />;
}

/** Errors render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
