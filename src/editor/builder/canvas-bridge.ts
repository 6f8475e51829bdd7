/**
 * The Blog's side of the builder editor's canvas (issue 7; decision 022). The editor installs it
 * on the canvas iframe's window once the page has loaded (both are pages of one origin), so the
 * Blog's own script carries nothing for the editor beyond reading the view in `useBlogSettings`.
 * Once installed, the canvas
 * - shows the editor's unsaved settings at once (message `inkwell:settings`),
 * - reloads the page's data when the draft is saved (`inkwell:refresh`: what a setting changes on
 *   the server, such as posts per page),
 * - navigates where the editor asks (`inkwell:navigate`), and keeps every same-site link click
 *   inside the canvas with its render mode and device (SPEC §2: inside the editor preview, link
 *   clicks navigate in the preview).
 */
import {
  type EditorToCanvas,
  isOwnMessage,
  SETTINGS_EVENT,
  SETTINGS_GLOBAL,
  withCanvasParams,
} from './canvas-protocol';

/** React Router's router of the canvas page (framework mode keeps it on the window). */
interface PageRouter {
  navigate(to: string): Promise<void>;
  revalidate(): Promise<void>;
}

/** The canvas's window as the bridge uses it. */
type CanvasWindow = Window &
  typeof globalThis & { __reactRouterDataRouter?: PageRouter; inkwellBridge?: boolean };

/** Installs the bridge on the canvas's window (once per document); false if it cannot yet. */
export function installCanvasBridge(canvas: CanvasWindow): boolean {
  if (canvas.inkwellBridge) return true;
  if (!canvas.__reactRouterDataRouter) return false;
  const router = canvas.__reactRouterDataRouter;
  const { location } = canvas;

  function navigateInCanvas(path: string) {
    void router.navigate(withCanvasParams(path, location.search));
  }

  function handleClick(event: MouseEvent) {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof canvas.HTMLAnchorElement)) return;
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      anchor.origin !== location.origin ||
      anchor.hasAttribute('download')
    ) {
      return;
    }
    // Every same-site link stays in the canvas, one for a new tab too (a canvas has no tabs).
    event.preventDefault();
    event.stopPropagation();
    if (`${anchor.pathname}${anchor.search}` === `${location.pathname}${location.search}`) {
      if (anchor.hash) location.hash = anchor.hash;
      return;
    }
    navigateInCanvas(`${anchor.pathname}${anchor.search}${anchor.hash}`);
  }

  function handleMessage(event: MessageEvent) {
    if (!isOwnMessage(event, canvas.parent, location.origin)) return;
    const message = event.data as EditorToCanvas;
    if (message.type === 'inkwell:settings') {
      // widget/use-blog.ts's useBlogSettings shows this view instead of the loaded one.
      (canvas as unknown as Record<string, unknown>)[SETTINGS_GLOBAL] = message.view;
      canvas.dispatchEvent(new canvas.Event(SETTINGS_EVENT));
    } else if (message.type === 'inkwell:refresh') {
      void router.revalidate();
    } else if (message.type === 'inkwell:navigate') {
      navigateInCanvas(message.path);
    }
  }

  // Capturing on the window runs before React's handlers: the canvas decides where links go.
  canvas.addEventListener('click', handleClick, true);
  canvas.addEventListener('message', handleMessage);
  canvas.inkwellBridge = true;
  return true;
}
