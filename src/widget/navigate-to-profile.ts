/**
 * SPEC §7 client action `navigateToProfile(siteMemberId, slug)`: opens a member's profile inside
 * the blog without a page load. Links build the same address with `profileUrl`
 * (domain/profiles.ts); the server puts it on every post's owner (`owner.link`), so feed cards
 * link authors without this module. Not for the feed's script (decision 009): profile pages and
 * forms use it.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { profileUrl } from '../domain/profiles';
import { useBlog } from './use-blog';

/** What `navigateToProfile` may carry to the profile (a message to show once it opens). */
export interface ProfileNavigationState {
  /** SPEC §8 success toast "profile updated". */
  profileUpdated?: boolean;
}

/** `navigateToProfile(siteMemberId, slug, state?)` for the blog the component is in. */
export function useNavigateToProfile(): (
  siteMemberId: string,
  slug: string,
  state?: ProfileNavigationState,
) => Promise<void> {
  const navigate = useNavigate();
  const { blog } = useBlog();
  return useCallback(
    (siteMemberId, slug, state) =>
      Promise.resolve(navigate(profileUrl(blog.base, { siteMemberId, slug }), { state })),
    [navigate, blog.base],
  );
}
