/**
 * The dashboard's tags (issue 17 § Tags): the list with counts (keyset pages, search), rename,
 * merge, delete. One module per use case in `dashboard-tags/`; this factory binds the
 * dependencies. Editors and owners only (SPEC §6 `tag:edit`, `tag:delete`); guest writers keep
 * creating tags from the editor (`services/tags.server.ts`).
 */
import type { DashboardTagsQuery, TagMerge, TagRename } from '../../domain/dashboard-tags';
import type { Actor } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import { listTags } from './dashboard-tags/read.server';
import type { DashboardTagsDeps } from './dashboard-tags/rows.server';
import { deleteTag, mergeTag, renameTag } from './dashboard-tags/write.server';

/** Builds the dashboard tag service. */
export function createDashboardTags(deps: DashboardTagsDeps) {
  return {
    list: (actor: Actor, site: SiteView, query: DashboardTagsQuery) =>
      listTags(deps, actor, site, query),
    rename: (actor: Actor, site: SiteView, id: string, input: TagRename) =>
      renameTag(deps, actor, site, id, input),
    merge: (actor: Actor, site: SiteView, id: string, input: TagMerge) =>
      mergeTag(deps, actor, site, id, input),
    remove: (actor: Actor, site: SiteView, id: string) => deleteTag(deps, actor, site, id),
  };
}

export type DashboardTagsService = ReturnType<typeof createDashboardTags>;
