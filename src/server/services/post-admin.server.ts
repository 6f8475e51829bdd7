/**
 * The dashboard's post management (issue 17 "Posts"): the list with its counts and filter
 * choices, the row actions and the bulk actions. New use cases live in `post-admin/`, one module
 * each; what the post editor already does (duplicate, pin, revert to draft, move to the trash,
 * publish) is its use case, called, not copied. Every call takes the actor and checks it with
 * `whyNot` (SPEC §6); every write runs through `writeSiteContent`.
 */
import type { DashboardBulk, DashboardPostsQuery } from '../../domain/dashboard-posts';
import type { Actor } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import { runBulk } from './post-admin/bulk.server';
import { setCategories } from './post-admin/categories.server';
import { setFeatured } from './post-admin/flags.server';
import { listOptions, listPosts } from './post-admin/list.server';
import { changeOwner } from './post-admin/owner.server';
import type { PostAdminContext } from './post-admin/rows.server';
import { deletePostForever, restorePost } from './post-admin/trash.server';
import { deletePost, setPinned } from './post-editor/actions.server';
import { duplicate } from './post-editor/create.server';
import { unpublish } from './post-editor/publish.server';

/** The dependencies; the clock defaults to the real one. */
export type PostAdminDeps = Omit<PostAdminContext, 'now'> & Partial<Pick<PostAdminContext, 'now'>>;

/** Builds the service: each use case bound to `deps`. */
export function createPostAdmin({ now = () => new Date(), ...rest }: PostAdminDeps) {
  const deps: PostAdminContext = { ...rest, now };
  return {
    listPosts: (actor: Actor, site: SiteView, query: DashboardPostsQuery) =>
      listPosts(deps, actor, site, query),
    listOptions: (actor: Actor, site: SiteView) => listOptions(deps, actor, site),
    duplicate: async (actor: Actor, site: SiteView, postId: string) => {
      const copy = await duplicate(deps, actor, site, postId);
      return { id: copy.id };
    },
    setPinned: (actor: Actor, site: SiteView, postId: string, isPinned: boolean) =>
      setPinned(deps, actor, site, postId, isPinned),
    setFeatured: (actor: Actor, site: SiteView, postId: string, isFeatured: boolean) =>
      setFeatured(deps, actor, site, postId, isFeatured),
    changeOwner: (actor: Actor, site: SiteView, postId: string, ownerId: string) =>
      changeOwner(deps, actor, site, postId, ownerId),
    setCategories: (actor: Actor, site: SiteView, postId: string, categoryIds: string[]) =>
      setCategories(deps, actor, site, postId, categoryIds),
    revertToDraft: async (actor: Actor, site: SiteView, postId: string) => {
      const post = await unpublish(deps, actor, site, postId, {});
      return { status: post.status };
    },
    trash: (actor: Actor, site: SiteView, postId: string) => deletePost(deps, actor, site, postId),
    restore: (actor: Actor, site: SiteView, postId: string) =>
      restorePost(deps, actor, site, postId),
    deleteForever: (actor: Actor, site: SiteView, postId: string) =>
      deletePostForever(deps, actor, site, postId),
    bulk: (actor: Actor, site: SiteView, input: DashboardBulk) => runBulk(deps, actor, site, input),
  };
}

export type PostAdminService = ReturnType<typeof createPostAdmin>;
