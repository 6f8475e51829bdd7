/**
 * The category's Follow button (issue 6), as the reader may use it: a hole of the shared page
 * (decision 050) and an island on reader pages (decision 053).
 */
import { FollowButton } from '../comments/follow-button';
import { Island } from '../islands/island';
import { Personal, useFollowing, useReader } from '../reader/reader';

/** What the button needs: the category, its label, and the login address that returns here. */
export interface CategoryFollowProps {
  categoryId: string;
  label: string;
  loginHref: string;
}

function ReadersCategoryFollow(props: CategoryFollowProps) {
  const refusal = useReader().gates.subscribe;
  const isFollowing = useFollowing(`category:${props.categoryId}`);
  if (
    refusal !== null &&
    refusal !== 'login-required' &&
    refusal !== 'join-community' &&
    refusal !== 'demo_mode'
  ) {
    return null;
  }
  return <FollowButton {...props} isFollowing={isFollowing} refusal={refusal} />;
}

/** The Follow button of a category's header. */
export function CategoryFollow(props: CategoryFollowProps) {
  return (
    <Island name="category-follow" props={props}>
      <Personal>
        <ReadersCategoryFollow {...props} />
      </Personal>
    </Island>
  );
}
