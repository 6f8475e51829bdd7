/**
 * The writer's editor page (issue 4 "Writing"): `/create-post` (SPEC §2, optional `categorySlug`
 * query; requires login) and `/:postSlug/edit`. The loader creates nothing (the first save
 * creates the draft) and returns the post, the categories, tags and languages to choose from, or
 * why the actor may not write: a visitor gets the login-required screen (SPEC §2/§8, 401), a
 * member without the right a 403 message, and a post that is not theirs to edit a 404.
 */
import { data, useLoaderData } from 'react-router';
import { can, whyNot } from '../../domain/permissions';
import { POST_CATEGORIES_MAX } from '../../domain/post-editor';
import { isReservedSlug } from '../../domain/slugs';
import type { BlogHandle } from '../blog-shell';
import { BlogErrorBoundary } from '../components/blog-error';
import { EditorRefusalScreen } from '../post-editor/page-refusal';
import { PostEditorPage } from '../post-editor/post-editor-page';
import { privateHead } from '../seo/head';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import type { Route } from './+types/post-editor';
import { notFound, pageBasics } from './feed-params';

// Issue 22: the writer's page, in their own language when they chose one (decision 064).
export const handle: BlogHandle = { mobileTitle: 'post', usesMemberLanguage: true };

/** The editor's data, or the refusal with its HTTP status. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { actor, site } = context;
  const head = headContextFor(context);
  const { t } = head;
  // Never indexed: a writer's page.
  const basics = {
    ...pageBasics(context),
    head: privateHead(head, t('postEditorPage.meta.newPost')),
  };
  const postSlug = (params as { postSlug?: string }).postSlug;
  if (postSlug !== undefined && isReservedSlug(postSlug)) throw notFound();
  // SPEC §4: a logged-out writer is asked to log in first, whatever the address.
  const createRefusal = whyNot(actor, 'post:create', {});
  if (createRefusal === 'login-required' || (postSlug === undefined && createRefusal !== null)) {
    return data(
      { kind: 'refused' as const, reason: createRefusal, ...basics },
      { status: createRefusal === 'login-required' ? 401 : 403 },
    );
  }
  let post = null;
  if (postSlug !== undefined) {
    const found = await context.postEditor.forEditing(postSlug);
    if (!found.ok) {
      // A writer learns nothing about posts that are not theirs: those are not found. A member
      // who may not write at all is told so (403).
      if (
        found.reason === 'not-found' ||
        (found.reason === 'forbidden' && createRefusal === null)
      ) {
        throw notFound();
      }
      return data(
        { kind: 'refused' as const, reason: found.reason, ...basics },
        { status: found.reason === 'login-required' ? 401 : 403 },
      );
    }
    post = found.value;
  }
  const [categories, tags] = await Promise.all([
    context.reader.listCategories(),
    context.reader.listTags(),
  ]);
  const categorySlug = new URL(request.url).searchParams.get('categorySlug')?.toLowerCase();
  const preselected = categories.find((c) => c.slug === categorySlug);
  const newPostFacts = { post: { ownerId: actor.memberId ?? '', status: 'unpublished' as const } };
  return {
    kind: 'editor' as const,
    ...basics,
    ...(post
      ? {
          head: privateHead(
            head,
            t('postEditorPage.meta.editPost', {
              title: post.title || t('postEditorPage.meta.untitled'),
            }),
          ),
        }
      : {}),
    siteId: site.id,
    origin: site.origin,
    post,
    newPost: {
      language: site.language,
      categoryIds: preselected ? [preselected.id].slice(0, POST_CATEGORIES_MAX) : [],
      canPublish: can(actor, 'post:publish', newPostFacts),
    },
    categories: categories.map(({ id, label, parentId }) => ({ id, label, parentId })),
    tags: tags.map(({ id, label }) => ({ id, label })),
    canCreateTags: can(actor, 'tag:create', {}),
    languages: [...new Set([site.language, ...site.languages])],
  };
}

/** A writer's page is never stored by a browser or a proxy. */
export function headers(): HeadersInit {
  return { 'cache-control': 'private, no-store' };
}

/** Title; never indexed. */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** The editor, or the refusal screen. */
export default function PostEditorRoute() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === 'refused') {
    return <EditorRefusalScreen reason={loaded.reason} base={loaded.base} />;
  }
  return <PostEditorPage {...loaded} />;
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
