/**
 * The post editor's write path (issue 4 "Saving"): create a draft, load a post for editing, save
 * it, publish it now or on a date, revert it to draft; and the post actions of SPEC §6 that
 * change a post: delete (to the trash), duplicate, pin and unpin. Every call takes the actor and
 * checks it with `can()`/`whyNot()` (SPEC §6); every write is one transaction that locks the post,
 * refuses a stale revision with 409 `edit-conflict` (never a silent overwrite), keeps the listing
 * rows and post counts in step through the post writer, and moves the site's generation
 * (`writeSiteContent`).
 *
 * Drafts are posts with status `unpublished` (SPEC §4 has no other draft status). While a post
 * has never been published its slug follows its title; once published the slug stays.
 *
 * One module per use case in `post-editor/` (issue 16 §3): `create` (a draft, a copy), `read`,
 * `save`, `publish` (publish, revert to draft, the scheduled run), `actions` (delete, pin),
 * `present` and `rows` (what they share). This factory only binds the dependencies.
 */
import type { Actor } from '../../domain/permissions';
import type { PostCreate, PostPublish, PostSave, PostUnpublish } from '../../domain/post-editor';
import type { PostSendBack, PostSubmit } from '../../domain/post-review';
import type { RevisionListQuery, RevisionRestore } from '../../domain/post-revisions';
import type { SiteView } from '../../domain/views';
import { deletePost, setPinned } from './post-editor/actions.server';
import { createDraft, duplicate } from './post-editor/create.server';
import { publish, publishDuePosts, unpublish } from './post-editor/publish.server';
import { findIdBySlug, getForEditing } from './post-editor/read.server';
import { countInReview, sendBack, submit } from './post-editor/review.server';
import { getRevision, listRevisions, restoreRevision } from './post-editor/revisions.server';
import type { PostEditorContext } from './post-editor/rows.server';
import { save } from './post-editor/save.server';

export { DUE_POSTS_PER_RUN } from './post-editor/publish.server';
export { countInReview } from './post-editor/review.server';

/** The post editor's dependencies; the clock defaults to the real one. */
export type PostEditorDeps = Omit<PostEditorContext, 'now'> &
  Partial<Pick<PostEditorContext, 'now'>>;

/** Builds the post editor service: each use case bound to `deps`. */
export function createPostEditor({ now = () => new Date(), ...rest }: PostEditorDeps) {
  const deps: PostEditorContext = { ...rest, now };
  return {
    createDraft: (actor: Actor, site: SiteView, input: PostCreate) =>
      createDraft(deps, actor, site, input),
    getForEditing: (actor: Actor, site: SiteView, postId: string) =>
      getForEditing(deps, actor, site, postId),
    findIdBySlug: (actor: Actor, site: SiteView, slug: string) =>
      findIdBySlug(deps, actor, site, slug),
    save: (actor: Actor, site: SiteView, postId: string, input: PostSave) =>
      save(deps, actor, site, postId, input),
    publish: (actor: Actor, site: SiteView, postId: string, input: PostPublish) =>
      publish(deps, actor, site, postId, input),
    unpublish: (actor: Actor, site: SiteView, postId: string, input: PostUnpublish) =>
      unpublish(deps, actor, site, postId, input),
    deletePost: (actor: Actor, site: SiteView, postId: string) =>
      deletePost(deps, actor, site, postId),
    duplicate: (actor: Actor, site: SiteView, postId: string) =>
      duplicate(deps, actor, site, postId),
    setPinned: (actor: Actor, site: SiteView, postId: string, isPinned: boolean) =>
      setPinned(deps, actor, site, postId, isPinned),
    publishDuePosts: (at: Date = now(), only?: { siteId: string }) =>
      publishDuePosts(deps, at, only),
    // The review flow and the revision history (issue 17, decision 034).
    submit: (actor: Actor, site: SiteView, postId: string, input: PostSubmit) =>
      submit(deps, actor, site, postId, input),
    sendBack: (actor: Actor, site: SiteView, postId: string, input: PostSendBack) =>
      sendBack(deps, actor, site, postId, input),
    /** Posts waiting for an editor, for the dashboard's In review badge. */
    countInReview: (site: Pick<SiteView, 'id'>) => countInReview(deps.db, site),
    listRevisions: (actor: Actor, site: SiteView, postId: string, query: RevisionListQuery) =>
      listRevisions(deps, actor, site, postId, query),
    getRevision: (actor: Actor, site: SiteView, postId: string, number: number) =>
      getRevision(deps, actor, site, postId, number),
    restoreRevision: (
      actor: Actor,
      site: SiteView,
      postId: string,
      number: number,
      input: RevisionRestore,
    ) => restoreRevision(deps, actor, site, postId, number, input),
  };
}

export type PostEditorService = ReturnType<typeof createPostEditor>;
