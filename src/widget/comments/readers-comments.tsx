/**
 * The comments as the reader sees them: their box, their rights over each comment, their likes,
 * from the reader hooks (decision 050); the rest of the props are plain data, so the same
 * component serves the React page and a reader page's island (issue 20).
 */
import { hasPlanAccess } from '../../domain/comments';
import { EngagementProviders } from '../engagement/gated-action';
import { Island } from '../islands/island';
import { Personal, useOwnPageWhen, useReader } from '../reader/reader';
import { CommentsSection, type CommentsSectionProps } from './comments-section';

/** What the page gives the reader's comments: all of it plain data. */
export type ReadersCommentsProps = Omit<
  CommentsSectionProps,
  'viewer' | 'member' | 'hasPlanAccess'
> & {
  /** The post's paid plans (SPEC §6): who may read and write its comments. */
  paidPlansGroupIds: readonly string[];
};

/**
 * The comments for the reader. A reader who would see other comments than a visitor (their own
 * held ones, a moderator's view, a paid plan's) gets a page of their own rather than this one laid
 * over (decision 050).
 */
export function ReadersComments({ paidPlansGroupIds, ...props }: ReadersCommentsProps) {
  const { viewer, member } = useReader();
  useOwnPageWhen(`comments-of:${props.post.id}`);
  const plan = { ownerId: props.post.ownerId ?? '', paidPlansGroupIds };
  useOwnPageWhen(`plan:${plan.ownerId}`, paidPlansGroupIds.length > 0);
  return (
    <CommentsSection
      {...props}
      viewer={viewer}
      member={member}
      hasPlanAccess={hasPlanAccess(viewer, plan)}
    />
  );
}

/**
 * The comments on the page: a hole of the shared page (decision 050) and an island of a reader
 * page (decision 053), with its own toasts and modals. Its first page of threads travels in its
 * props: the island draws them again with the reader's rights, and adds to them.
 */
export function PostComments(props: ReadersCommentsProps) {
  return (
    // Live once near: a visitor's "Log in to comment" is a link, whose press must be remembered
    // by the island's code to continue after logging in (boot.ts holds only controls' presses).
    <Island name="comments" props={props} when="visible">
      <Personal>
        <EngagementProviders>
          <ReadersComments {...props} />
        </EngagementProviders>
      </Personal>
    </Island>
  );
}
