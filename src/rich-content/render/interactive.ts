/**
 * The one place a node renderer hands a part that needs script to the page (issue 20): the page's
 * `interactive` marks it (an island on a reader page); without one it is rendered as it is.
 */
import type { ReactNode } from 'react';
import type { InteractivePart, RenderContext } from './types';

/** The part's element, as the page wants interactive parts drawn. */
export function interactivePart(context: RenderContext, part: InteractivePart): ReactNode {
  return context.interactive ? context.interactive(part) : part.element;
}
