/**
 * Comments on published posts (issue 6; SPEC §3 Post totalComments, §6 comment permissions):
 * threads read a page at a time, written, edited and deleted, and comments switched off per post.
 * The post page's loader and the comments API call the same functions.
 *
 * One module per use case in `comments/` (issue 16 §3): `read` (threads, replies, one comment,
 * mentions), `create`, `edit`, `delete`, `moderate` (the per-post switch), `present` (rows as
 * views) and `rows` (the dependencies and loaders they share). This factory only binds the
 * dependencies, so the routes and the pages keep calling `comments.listComments(…)`.
 */
import type { CommentCreate } from '../../domain/comments-api';
import type {
  CommentApprovalView,
  CommentModerationSettings,
  DashboardCommentsQuery,
  DashboardCommentsScreenView,
} from '../../domain/dashboard-comments';
import { type Actor, can } from '../../domain/permissions';
import type { Device } from '../../domain/settings';
import type { SiteView } from '../../domain/views';
import { approveComment } from './comments/approve.server';
import { createComment } from './comments/create.server';
import {
  countHeldComments,
  listedComment,
  listForDashboard,
  memberName,
  moderationSettings,
  postTitle,
  setModerationSettings,
} from './comments/dashboard.server';
import { deleteComment } from './comments/delete.server';
import { editComment } from './comments/edit.server';
import { setCommentsEnabled } from './comments/moderate.server';
import {
  getComment,
  listComments,
  listReplies,
  memberRole,
  mentionSuggestions,
} from './comments/read.server';
import type { CommentsDeps } from './comments/rows.server';

export type { CommentsDeps } from './comments/rows.server';

/** Builds the comments service: each use case bound to `deps`. */
export function createComments(deps: CommentsDeps) {
  return {
    listComments: (actor: Actor, site: SiteView, postId: string, query?: { after?: string }) =>
      listComments(deps, actor, site, postId, query),
    listReplies: (actor: Actor, site: SiteView, commentId: string, query?: { after?: string }) =>
      listReplies(deps, actor, site, commentId, query),
    getComment: (actor: Actor, site: SiteView, commentId: string) =>
      getComment(deps, actor, site, commentId),
    createComment: (
      actor: Actor,
      site: SiteView,
      postId: string,
      input: CommentCreate,
      device: Device,
    ) => createComment(deps, actor, site, postId, input, device),
    editComment: (actor: Actor, site: SiteView, commentId: string, content: unknown) =>
      editComment(deps, actor, site, commentId, content),
    deleteComment: (actor: Actor, site: SiteView, commentId: string) =>
      deleteComment(deps, actor, site, commentId),
    setCommentsEnabled: (actor: Actor, site: SiteView, postId: string, enabled: boolean) =>
      setCommentsEnabled(deps, actor, site, postId, enabled),
    mentionSuggestions: (actor: Actor, site: SiteView, query: string) =>
      mentionSuggestions(deps, actor, site, query),
    memberRole: (site: SiteView, memberId: string) => memberRole(deps, site, memberId),
    // The dashboard (issue 17): the blog's comments, held ones and their approval, the switch.
    listForDashboard: (actor: Actor, site: SiteView, query: DashboardCommentsQuery) =>
      listForDashboard(deps, actor, site, query),
    approveComment: async (
      actor: Actor,
      site: SiteView,
      commentId: string,
    ): Promise<CommentApprovalView> => {
      await approveComment(deps, actor, site, commentId);
      return { comment: (await listedComment(deps, site, commentId))! };
    },
    countHeldComments: (site: Pick<SiteView, 'id'>) => countHeldComments(deps, site),
    moderationSettings: (actor: Actor, site: SiteView) => moderationSettings(deps, actor, site),
    setModerationSettings: (actor: Actor, site: SiteView, input: CommentModerationSettings) =>
      setModerationSettings(deps, actor, site, input),
    /** The Comments screen's data (its loader): a page, the switch, the filters' names. */
    dashboardScreen: async (
      actor: Actor,
      site: SiteView,
      query: DashboardCommentsQuery,
    ): Promise<DashboardCommentsScreenView> => {
      const [page, settings, post, member] = await Promise.all([
        listForDashboard(deps, actor, site, query),
        moderationSettings(deps, actor, site),
        query.post ? postTitle(deps, site, query.post) : null,
        query.member ? memberName(deps, site, query.member) : null,
      ]);
      return {
        page,
        settings,
        canEditSettings: can(actor, 'blog:edit', {}),
        filterLabels: {
          ...(post === null ? {} : { post }),
          ...(member === null ? {} : { member }),
        },
      };
    },
  };
}

export type CommentsService = ReturnType<typeof createComments>;
