/**
 * COLLAPSIBLE_LIST and its items (SPEC §3): native `<details>`; the list hands each item whether
 * it starts open through a React context.
 */
import {
  Children,
  createContext,
  createElement,
  Fragment,
  isValidElement,
  type ReactNode,
  type SyntheticEvent,
  useContext,
  useId,
} from 'react';
import type { CollapsibleListData } from '../../document';
import {
  classNames,
  keyOf,
  mapChildren,
  nodeStyle,
  type StyleWithVars,
  withAnchorId,
} from '../../render/block-style';
import type { RendererRegistry } from '../../render/types';

const CollapsibleContext = createContext<{
  name?: string;
  isOpen: boolean;
  isExclusive: boolean;
}>({ isOpen: false, isExclusive: false });

/**
 * Native `<details>` items. With "expand only one", the items share a `name` (the exclusive
 * accordion browsers run without script) and a toggle handler closes open siblings where the
 * browser does not. Initially open: the first item, all (only the first when exclusive) or none.
 */
function CollapsibleList({
  data,
  style,
  id,
  children,
}: {
  data: CollapsibleListData | undefined;
  style?: StyleWithVars;
  id?: string;
  children: ReactNode;
}) {
  const name = useId();
  const isExclusive = data?.expandOnlyOne === true;
  const initial = data?.initialExpandedItems ?? 'FIRST';
  const dir = data?.direction?.toLowerCase() as 'ltr' | 'rtl' | undefined;
  return (
    <div
      className={classNames('rc-collapsible', isExclusive && 'rc-collapsible--exclusive')}
      dir={dir}
      style={style}
      id={id}
    >
      {mapChildren(children, (child, index) => (
        <CollapsibleContext.Provider
          key={keyOf(child, index)}
          value={{
            ...(isExclusive && { name }),
            isExclusive,
            // Open items sharing a name would be closed by the browser on parse: one at most.
            isOpen:
              initial === 'ALL' ? !isExclusive || index === 0 : initial === 'FIRST' && index === 0,
          }}
        >
          {child}
        </CollapsibleContext.Provider>
      ))}
    </div>
  );
}

/** Closes the other open items of an exclusive list when one opens (browsers without `name`). */
function handleExclusiveToggle(event: SyntheticEvent<HTMLDetailsElement>) {
  const item = event.currentTarget;
  if (!item.open) return;
  for (const sibling of item.parentElement?.children ?? []) {
    if (sibling !== item && sibling instanceof HTMLDetailsElement && sibling.open) {
      sibling.open = false;
    }
  }
}

function CollapsibleItem({ style, children }: { style?: StyleWithVars; children: ReactNode }) {
  const { name, isOpen, isExclusive } = useContext(CollapsibleContext);
  return (
    <details
      className="rc-collapsible__item"
      name={name}
      open={isOpen}
      onToggle={isExclusive ? handleExclusiveToggle : undefined}
      style={style}
    >
      {children}
    </details>
  );
}

/**
 * A `<summary>` holds phrasing content only (HTML; the W3C checker refused `<p>` there, issue
 * 23): the title's paragraphs render as spans with the same attributes (class, style, direction),
 * which the title's CSS lays out as the paragraphs were. The editor draws titles without
 * `<summary>`, so it needs no such step.
 */
function asPhrasing(children: ReactNode): ReactNode {
  return Children.map(children, (child) => {
    if (!isValidElement<{ children?: ReactNode }>(child)) return child;
    // Each rendered node comes in a keyed fragment (document-view.tsx).
    if (child.type === Fragment) {
      return createElement(Fragment, { key: child.key }, asPhrasing(child.props.children));
    }
    return child.type === 'p' ? createElement('span', { ...child.props, key: child.key }) : child;
  });
}

/** The collapsible list's renderers. */
export const COLLAPSIBLE_LIST_RENDERERS = {
  COLLAPSIBLE_LIST: (node, children, context) => (
    <CollapsibleList
      data={node.collapsibleListData}
      style={nodeStyle(node.style)}
      {...withAnchorId(node, context)}
    >
      {children}
    </CollapsibleList>
  ),
  COLLAPSIBLE_ITEM: (node, children) => (
    <CollapsibleItem style={nodeStyle(node.style)}>{children}</CollapsibleItem>
  ),
  COLLAPSIBLE_ITEM_TITLE: (node, children) => (
    <summary className="rc-collapsible__title" style={nodeStyle(node.style)}>
      {asPhrasing(children)}
    </summary>
  ),
  COLLAPSIBLE_ITEM_BODY: (node, children) => (
    <div className="rc-collapsible__body" style={nodeStyle(node.style)}>
      {children}
    </div>
  ),
} satisfies Pick<
  RendererRegistry,
  'COLLAPSIBLE_LIST' | 'COLLAPSIBLE_ITEM' | 'COLLAPSIBLE_ITEM_TITLE' | 'COLLAPSIBLE_ITEM_BODY'
>;
