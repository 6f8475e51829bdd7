/**
 * Client-side navigation for plain anchors: one click handler on a container turns clicks on its
 * links into router navigations. Feeds use it instead of a router link per card, which costs a
 * route match and several hooks each on every server render. The same seam will handle editor
 * preview navigation (SPEC §2: inside the editor preview, link clicks navigate in the preview).
 */
import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Whether a click should stay with the browser (new tab, download, another site, ...). */
function isBrowserClick(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (anchor.target !== '' && anchor.target !== '_self') ||
    anchor.hasAttribute('download') ||
    anchor.origin !== window.location.origin
  );
}

/** An `onClick` for a container: its same-site links navigate without a page load. */
export function useClientNavigation(): (event: MouseEvent) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent) => {
      const anchor = (event.target as Element).closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || isBrowserClick(event, anchor)) return;
      event.preventDefault();
      void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
    },
    [navigate],
  );
}
