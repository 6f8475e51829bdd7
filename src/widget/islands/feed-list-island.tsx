/**
 * The feed's list as an island (decision 053): the page's feed comes from what its route gives
 * islands (`feedIslandData`), the rest from the island's props.
 */
import { useLoaderData } from 'react-router';
import type { FeedCardsView } from '../../domain/views';
import { FeedList, type FeedListProps } from '../components/feed-page';

/** The list of a feed page, from the page's data. */
export function FeedListIsland(props: FeedListProps) {
  const { feed } = useLoaderData() as { feed: FeedCardsView };
  return <FeedList feed={feed} {...props} />;
}
