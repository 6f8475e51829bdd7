/**
 * Fetches the reader's state of what a page shows (decision 030) and lays it over the page:
 * loaded by the first `useReaderState` of a page, after hydration, so that the feed's script does
 * not carry it. A failure leaves the shared page as it is.
 */
import {
  READER_STATE_IDS_MAX,
  READER_STATE_PATH,
  type ReaderStateView,
} from '../../domain/reader-state';
import { layOver } from '../reader/reader';

/** Asks for the state of these targets (`post:<id>`, `comment:<id>`) and lays it over the page. */
export async function load(keys: readonly string[]): Promise<void> {
  const ids: Record<string, string[]> = { post: [], comment: [] };
  for (const key of new Set(keys)) {
    const [target, id] = key.split(':') as [string, string];
    ids[target]?.push(id);
  }
  const query = new URLSearchParams({
    posts: ids.post!.slice(0, READER_STATE_IDS_MAX).join(','),
    comments: ids.comment!.slice(0, READER_STATE_IDS_MAX).join(','),
  });
  try {
    const response = await fetch(`${READER_STATE_PATH}?${query}`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return;
    const view = (await response.json()) as ReaderStateView;
    for (const [id, state] of Object.entries(view.posts)) layOver(`post:${id}`, state);
    for (const [id, state] of Object.entries(view.comments)) layOver(`comment:${id}`, state);
  } catch {
    // No answer: the page keeps what the server rendered.
  }
}
