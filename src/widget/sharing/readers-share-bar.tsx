/**
 * The share bar as the reader sees it (SPEC §6 post:share): shown only to a reader who may share
 * the post, asked of the reader hooks (decision 050); its props are plain data, so the same
 * component serves the React page and a reader page's island (issue 20).
 */
import { type PermissionSettings, whyNot } from '../../domain/permissions';
import { ToastProvider } from '../components/toasts';
import { Island } from '../islands/island';
import { Personal, useReader } from '../reader/reader';
import { ShareBar, type ShareBarProps } from './share-bar';

/** The bar's own props plus what the share rule asks of the post and the blog. */
export interface ReadersShareBarProps extends ShareBarProps {
  facts: Parameters<typeof whyNot<'post:share'>>[2]['post'];
  settings: PermissionSettings;
}

/** The share bar, for a reader who may share the post (SPEC §6). */
export function ReadersShareBar({ facts, settings, ...bar }: ReadersShareBarProps) {
  const { viewer } = useReader();
  if (whyNot(viewer, 'post:share', { post: facts, settings }) !== null) return null;
  return <ShareBar {...bar} />;
}

/**
 * The share bar on the page: a hole of the shared page (decision 050) and an island of a reader
 * page (decision 053), with its own toasts (Copy link says so).
 */
export function PostShareBar(props: ReadersShareBarProps) {
  return (
    <Island name="share-bar" props={props}>
      <Personal>
        <ToastProvider>
          <ReadersShareBar {...props} />
        </ToastProvider>
      </Personal>
    </Island>
  );
}
