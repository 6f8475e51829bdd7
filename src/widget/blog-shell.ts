/**
 * The blog shell's data (SPEC §2 "Each page sits in a shell"): what the blog layout's loader
 * reads for every blog page, and the route handle its pages declare. Components type their reads
 * of the layout's data by this module, not by the route module (issue 16 §2: no route↔component
 * import cycles); only the layout's loader calls `loadBlogShell`, so browsers never load it.
 */
import { isMultilingual } from '../domain/empty-states';
import { engagementGates } from '../domain/engagement';
import { HEADER_CATEGORY_LIMIT } from '../domain/nav-overflow';
import { whyNot } from '../domain/permissions';
import { feedSettingsView, permissionSettingsOf } from '../domain/settings';
import type { PageLoadContext } from '../load-context';
import { errorHeads } from './seo/head';
import { headContextFor } from './seo/head-site';

/** Site facts and the category navigation, shared by every blog page (the layout's loader). */
export async function loadBlogShell({ context }: { context: PageLoadContext }) {
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
    /** The head of a page whose loader failed (issue 19; widget/seo/meta.ts): the same for all. */
    errorHeads: errorHeads(headContextFor(context)),
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
