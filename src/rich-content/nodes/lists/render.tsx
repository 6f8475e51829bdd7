import { textBlockProps } from '../../render/block-style';
import { TEXT_CLASSES } from '../../render/text-classes';
import type { RendererRegistry } from '../../render/types';

/** The lists' renderers. */
export const LIST_RENDERERS = {
  BULLETED_LIST: (node, children, context) => (
    <ul {...textBlockProps(node, TEXT_CLASSES.bulletedList, context, node.bulletedListData)}>
      {children}
    </ul>
  ),
  ORDERED_LIST: (node, children, context) => {
    const data = node.orderedListData;
    // `offset` is where older documents keep the first number, counted from 0.
    const start = data?.start ?? (data?.offset !== undefined ? data.offset + 1 : undefined);
    return (
      <ol
        {...textBlockProps(node, TEXT_CLASSES.orderedList, context, data)}
        start={start !== undefined && start !== 1 ? start : undefined}
      >
        {children}
      </ol>
    );
  },
  LIST_ITEM: (node, children, context) => {
    const { className, ...props } = textBlockProps(node, '', context);
    return (
      <li className={className || undefined} {...props}>
        {children}
      </li>
    );
  },
} satisfies Pick<RendererRegistry, 'BULLETED_LIST' | 'ORDERED_LIST' | 'LIST_ITEM'>;
