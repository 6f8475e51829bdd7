/**
 * Islands (issue 20, decision 053): reader pages ship no React Router client; the parts of them
 * that react to the reader (menus, likes, follow) are marked here and brought to life one by one
 * by the islands' boot script (boot.ts), with the same component source run on Preact.
 *
 * `<Island name props>` wraps a component's server HTML in an `<inkwell-island>` element (styled
 * `display: contents`, so layout does not see it) that names the island and carries its props as
 * JSON. In the full React app (writer pages, the editor's canvas, the post page until its islands
 * land) the wrapper is inert markup. An island rendered again as its own root (boot.ts renders
 * into the wrapper) is just its children, so a component may wrap itself; islands inside another
 * keep their wrappers, so the browser's render matches the server's, and the boot script brings
 * the outermost to life, which covers those inside.
 */
import { createContext, createElement, type ReactNode, useContext } from 'react';
import { ISLAND_TAG } from './island-tag';

/**
 * When the boot script loads an island: `visible` as soon as it is near the viewport (what must
 * work without a press: the header's overflow menu), `interaction` on the first hover, focus,
 * touch or click inside it (a press is replayed once the island is live).
 */
export type IslandTrigger = 'visible' | 'interaction';

/** The name of the island whose root is being rendered in the browser (mount.tsx provides it). */
export const IslandRootContext = createContext<string | null>(null);

/** Marks `children` as island `name`, which boot.ts renders again from `props` in the browser. */
export function Island<P extends object>({
  name,
  props,
  when = 'interaction',
  children,
}: {
  name: string;
  /** What the island's component is given: JSON, and nothing of the reader (decision 050). */
  props: P;
  when?: IslandTrigger;
  children: ReactNode;
}) {
  const isRoot = useContext(IslandRootContext) === name;
  const inner = createElement(IslandRootContext.Provider, { value: null }, children);
  if (isRoot) return inner;
  return createElement(
    ISLAND_TAG,
    { 'data-island': name, 'data-when': when, 'data-props': JSON.stringify(props) },
    inner,
  );
}
