/**
 * The post's more-options menu as the reader sees it (decision 050): who reads and what they
 * follow come from the reader hooks, everything else from serialisable props, so the same
 * component serves the React page and a reader page's island (issue 20).
 */
import { EngagementProviders } from '../engagement/gated-action';
import { Island } from '../islands/island';
import { Personal, useFollowing, useReader } from '../reader/reader';
import { PostActions, type PostActionsProps } from './post-actions';

/** What the page gives the reader's post menu: all of it plain data. */
export type ReadersPostActionsProps = Omit<PostActionsProps, 'viewer' | 'following'>;

/** The post's menu for the reader: what they may do, what they follow (decision 050). */
export function ReadersPostActions(props: ReadersPostActionsProps) {
  const { viewer } = useReader();
  const following = {
    post: useFollowing(`post:${props.post.id}`),
    blog: useFollowing(`blog:${props.blog.id}`),
  };
  return <PostActions {...props} viewer={viewer} following={following} />;
}

/**
 * The post's menu on the page: a hole of the shared page (decision 050) and an island of a reader
 * page (decision 053), with its own toasts and modals (an island has no page around it).
 */
export function PostMenu(props: ReadersPostActionsProps) {
  return (
    <Island name="post-menu" props={props}>
      <Personal>
        <EngagementProviders>
          <ReadersPostActions {...props} />
        </EngagementProviders>
      </Personal>
    </Island>
  );
}
