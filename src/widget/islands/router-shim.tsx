/**
 * What islands get for `react-router` (decision 053; vite.islands.config.ts aliases it here): the
 * few pieces the island components use, over the document instead of a client router. Reader
 * pages navigate by ordinary document loads, like Ghost's and WordPress's, so a `Link` is an
 * `<a>`, `useNavigate` is `location.assign`, `useLocation` is `window.location`, and route data is
 * what the page embedded (`page-data.tsx`). The router's contexts exist so that modules which name
 * them (the reader's holes) load; in the browser nothing provides them.
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  forwardRef,
  type ReactNode,
  type Ref,
  useCallback,
  useState,
} from 'react';
import { type IslandPage, islandPage, islandPageOf } from './island-page';

/** A path as React Router takes it: a string or its parts. */
type To = string | { pathname?: string; search?: string; hash?: string };

function hrefOf(to: To): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? window.location.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

/** React Router's own props of a link, which an `<a>` does not take. */
type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  prefetch?: string;
  reloadDocument?: boolean;
  preventScrollReset?: boolean;
  viewTransition?: boolean;
  discover?: string;
  children?: ReactNode;
};

/** A link: an ordinary anchor (the browser loads the page). */
export const Link = forwardRef(function Link(
  {
    to,
    replace: _replace,
    state: _state,
    prefetch: _prefetch,
    reloadDocument: _reload,
    preventScrollReset: _scroll,
    viewTransition: _transition,
    discover: _discover,
    ...rest
  }: LinkProps,
  ref: Ref<HTMLAnchorElement>,
) {
  return <a ref={ref} href={hrefOf(to)} {...rest} />;
});

/** A navigation: a document load (a number goes back or forward in history). */
export function useNavigate() {
  return (to: To | number, options?: { replace?: boolean }) => {
    if (typeof to === 'number') window.history.go(to);
    else if (options?.replace) window.location.replace(hrefOf(to));
    else window.location.assign(hrefOf(to));
  };
}

/** The document's location, in React Router's shape (its state is the history entry's). */
export function useLocation() {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as { usr?: unknown; key?: string } | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/** The loader data of route `id` as the page embedded it (the root's, the blog layout's). */
export function useRouteLoaderData(id: string): unknown {
  return islandPage().routes[id];
}

/** What the page's own route gives its islands of its data (`BlogHandle.islandData`). */
export function useLoaderData(): unknown {
  return leafData(islandPage());
}

function leafData(page: IslandPage): unknown {
  const leaf = page.matches.at(-1);
  return leaf ? page.routes[leaf.id] : undefined;
}

/**
 * A fetcher whose `load(url)` reads another page as its islands would (the same data as
 * `useLoaderData` there): the page's HTML, which the page cache serves, instead of the router's
 * `.data` requests, which need its client to decode. A failed load leaves `data` as it was.
 */
export function useFetcher<T>() {
  const [fetched, setFetched] = useState<{ state: 'idle' | 'loading'; data?: T }>({
    state: 'idle',
  });
  const load = useCallback(async (url: string) => {
    setFetched((before) => ({ ...before, state: 'loading' }));
    let data: T | undefined;
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      const page = response.ok ? islandPageOf(await response.text()) : null;
      data = page ? (leafData(page) as T) : undefined;
    } catch {
      data = undefined;
    }
    setFetched((before) => ({ state: 'idle', data: data ?? before.data }));
  }, []);
  return { ...fetched, load };
}

/** The page's route matches as it embedded them (ids, the handle's mobile title). */
export function useMatches() {
  return islandPage().matches;
}

// Named by reader/reader.tsx for the server's holes; nothing provides them in an island.
export const UNSAFE_DataRouterContext = createContext(null);
export const UNSAFE_DataRouterStateContext = createContext(null);
export const UNSAFE_FetchersContext = createContext(null);
export const UNSAFE_FrameworkContext = createContext(null);
export const UNSAFE_LocationContext = createContext(null);
export const UNSAFE_NavigationContext = createContext(null);
export const UNSAFE_RouteContext = createContext(null);
export const UNSAFE_ViewTransitionContext = createContext(null);
