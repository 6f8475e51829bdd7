/** HEADING (SPEC §3): `<h2>`–`<h6>` (the post title is the page's h1). */
import { createElement } from 'react';
import { textBlockProps } from '../../render/block-style';
import { headingClass } from '../../render/text-classes';
import type { NodeRenderer } from '../../render/types';
import { HEADING_LEVEL_MAX, HEADING_LEVEL_MIN } from './limits';

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** The HEADING node's renderer. */
export const renderHeading: NodeRenderer<'HEADING'> = (node, children, context) => {
  const level = Math.min(Math.max(node.headingData.level, HEADING_LEVEL_MIN), HEADING_LEVEL_MAX);
  const props = textBlockProps(node, headingClass(level), context, node.headingData);
  // The post title is the page's h1, so a document's level-1 heading renders as h2.
  return createElement(HEADING_TAGS[Math.max(level, 2) - 1]!, props, children);
};
