/**
 * The blog shell's data (SPEC §2 "Each page sits in a shell"): what the blog layout's loader
 * reads for every blog page, and the route handle its pages declare. Components type their reads
 * of the layout's data by this module, not by the route module (issue 16 §2: no route↔component
 * import cycles); only the layout's loader calls `loadBlogShell`, so browsers never load it.
 */
import { isMultilingual } from '../domain/empty-states';
import type { MemberLanguageHandle } from '../domain/member-preferences';
import { HEADER_CATEGORY_LIMIT } from '../domain/nav-overflow';
import { feedSettingsView } from '../domain/settings';
import type { PageLoadContext } from '../load-context';
import { errorHeads } from './seo/head';
import { headContextFor } from './seo/head-site';

/** Site facts and the category navigation, shared by every blog page (the layout's loader). */
export async function loadBlogShell({ context }: { context: PageLoadContext }) {
  const [categories, settings] = await Promise.all([
    context.reader.listCategories(),
    context.reader.getSettings(),
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
export interface BlogHandle extends MemberLanguageHandle {
  mobileTitle: 'blog' | 'post' | 'category';
  /**
   * Whether members get the page every reader shares with their own state laid over it (issue
   * 20; decision 050): its loader reads nothing of the reader, and whatever it shows of them is
   * in `<Personal>` holes. Pages that are the reader's own (their notifications, the editor)
   * render for them.
   */
  isSharedWithMembers?: boolean;
  /**
   * Whether the page ships no React Router client, only islands for its interactive parts
   * (issue 20; decision 053): its navigation is document loads. Pages without it (the writer's
   * and the member's own pages) hydrate the whole app.
   */
  hasIslands?: boolean;
  /**
   * What of the page's loader data its islands read (`useLoaderData` in an island; a fetcher's
   * data when an island loads the page): embedded in the page as JSON, so keep it to what they
   * need (decision 053).
   */
  islandData?: (data: unknown) => unknown;
}
