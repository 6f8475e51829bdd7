/**
 * The post preview, `/:postId/preview/:instance` (SPEC §2, page kind post_page_preview): the post
 * in any status, drawn exactly as its post page draws it, under a "Preview" banner with a link
 * back to editing. Only members who may preview it (SPEC §6 `post:preview`) see it; a visitor gets
 * the login-required screen. Never cached: a member's page always renders fresh, and the refusals
 * answer 401/403, which the page cache does not keep.
 */
import { data, useLoaderData } from 'react-router';
import { postExtrasView } from '../../domain/post-extras';
import { loginUrl, postEditUrl } from '../../domain/routes';
import { postSeoTitle } from '../../domain/seo';
import { permissionSettingsOf } from '../../domain/settings';
import type { RichDocument } from '../../rich-content/document';
import type { BlogHandle } from '../blog-shell';
import { BlogErrorBoundary } from '../components/blog-error';
import { PreviewBanner } from '../post-editor/page-preview-banner';
import { EditorRefusalScreen } from '../post-editor/page-refusal';
import { privateHead } from '../seo/head';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import type { Route } from './+types/post-preview';
import { notFound, pageBasics } from './feed-params';
// The post page's own component: it reads this route's loader data, which has its shape.
import Post from './post';

export const handle: BlogHandle = { mobileTitle: 'post' };

/** The post to preview, or why not. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const head = headContextFor(context);
  // A preview is never indexed; the post's own head is its live page's.
  const basics = {
    ...pageBasics(context),
    head: privateHead(head, head.t('postEditorPage.preview.banner')),
  };
  if (context.actor.memberId === null) {
    return data(
      { kind: 'refused' as const, reason: 'login-required' as const, ...basics },
      { status: 401 },
    );
  }
  const [found, settings] = await Promise.all([
    context.postEditor.forPreview(params.postId),
    context.reader.getSettings(),
  ]);
  if (!found.ok) {
    // A post the member may not preview is not theirs to know about.
    if (found.reason !== 'login-required') throw notFound();
    return data({ kind: 'refused' as const, reason: found.reason, ...basics }, { status: 401 });
  }
  const post = found.value;
  const extras = postExtrasView(settings);
  return {
    kind: 'preview' as const,
    post,
    extras,
    // A preview shows the post itself; the posts around it belong to the live page.
    related: [],
    codeHighlights: await context.highlightCode(post.content as unknown as RichDocument),
    device: context.device,
    editUrl: postEditUrl(basics.base, post.id),
    myRating: null,
    // The post page's engagement part (issue 6), for a post that may not be live: a preview shows
    // the post, not its conversation, so no comments section, nothing followed, no share links.
    engagement: {
      viewer: context.actor,
      permissions: {
        ...permissionSettingsOf(settings, context.site.languages.length > 1),
        commentsEnabled: false,
      },
      comments: null,
      hasPlanAccess: true,
      following: { post: false, blog: false },
      ownerRole: '',
      blogId: context.site.id,
      isDemoMode: context.site.isDemoMode,
      loginHref: loginUrl(context.site.blogBase),
      share: {
        url: new URL(post.link, context.site.origin).href,
        links: {} as Record<string, string>,
      },
    },
    ...basics,
    // The title the published page will have (the writer's SEO title, else the title).
    head: privateHead(head, postSeoTitle(post)),
  };
}

/** A writer's page is never stored by a browser or a proxy. */
export function headers(): HeadersInit {
  return { 'cache-control': 'private, no-store' };
}

/** Title; a preview is never indexed. */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** The preview banner over the post as its page shows it. */
export default function PostPreview() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === 'refused') {
    return <EditorRefusalScreen reason={loaded.reason} base={loaded.base} />;
  }
  return (
    <>
      <PreviewBanner editUrl={loaded.editUrl} isPublished={loaded.post.status === 'published'} />
      <Post />
    </>
  );
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
