/**
 * The post's content as server HTML with islands for the parts that need script (issue 20,
 * decision 053): the renderer hands each such part over (`RenderContext.interactive`) and it is
 * wrapped here as an island whose props are the node's own data. The registry names them `rc-*`.
 */
import type { ReactNode } from 'react';
import { PollBlock, type PollBlockProps } from '../../rich-content/nodes/poll/render';
import type { InteractivePart } from '../../rich-content/render/types';
import { apiFetch } from '../api-client';
import { Island, type IslandTrigger } from '../islands/island';

/**
 * When each part's code loads: a poll asks how the reader sees it as soon as it is near (their
 * vote, the results), a video the author set to play by itself too; the rest on first use.
 */
function triggerOf(part: InteractivePart): IslandTrigger {
  // A poll and a frame that grows to its markup work without a press.
  if (part.name === 'poll' || part.name === 'frame') return 'visible';
  if (part.name === 'video' && part.props.options?.autoPlay) return 'visible';
  return 'interaction';
}

/** `RenderContext.interactive` for a page whose content is islands. */
export function contentIsland(part: InteractivePart): ReactNode {
  return (
    <Island name={`rc-${part.name}`} props={part.props} when={triggerOf(part)}>
      {part.element}
    </Island>
  );
}

/** A poll as an island: votes go through the page's fetch, which adds the anti-forgery token. */
export function PollIsland(props: Omit<PollBlockProps, 'fetchApi'>) {
  return <PollBlock {...props} fetchApi={apiFetch} />;
}
