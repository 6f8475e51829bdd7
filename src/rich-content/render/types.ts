/** The renderer registry's shared types: what a node renderer receives from the page. */
import type { ReactNode } from 'react';
import type { HighlightedCode } from '../code-tokens';
import type { NodeOf, NodeType } from '../document';
import type { GalleryBlockProps } from '../nodes/gallery/render';
import type { SandboxedHtmlProps } from '../nodes/html/render';
import type { ImageFrameProps } from '../nodes/image/render';
import type { PollBlockProps } from '../nodes/poll/render';
import type { VideoBoxProps } from '../nodes/video/render';
import type { SpoilerIslandProps } from './spoiler';

/** What node renderers need from the page around them. */
export interface RenderContext {
  /**
   * Builds a member's profile URL for mentions (SPEC §2: profile links use siteMemberId and
   * slug; a mention carries the slug and, usually, the member's id).
   */
  profileUrl?: (slug: string, siteMemberId?: string) => string;
  /** Builds a hashtag feed URL; hashtags in text link there (SPEC §5 hashtag rule). */
  hashtagUrl?: (word: string) => string;
  /** Which text sizes and column counts apply (SPEC §9 mobile sizes). Desktop when absent. */
  device?: 'desktop' | 'mobile';
  /** Code blocks the server highlighted, by node id (rich-content/highlight.server.ts). */
  codeHighlights?: Readonly<Record<string, HighlightedCode>>;
  /**
   * The document's language (the post's), on its root element: screen readers, hyphenation and
   * fonts follow the text's language, not the page's (issue 22).
   */
  language?: string;
  /** Words the renderer shows itself; RichContent fills them in the reader's language. */
  labels?: Partial<RichContentLabels>;
  /**
   * Node ids that links of the document point at; RichContent fills this in, and renderers give
   * those nodes an `id` (see `withAnchorId` in block-style.ts).
   */
  anchorTargets?: ReadonlySet<string>;
  /** The API address of a poll of this post by poll id; without it polls cannot be voted in. */
  pollEndpoint?: (pollId: string) => string;
  /**
   * The page's fetch for state-changing calls (a vote): it adds the anti-forgery token
   * (decision 017). The browser's plain fetch when absent.
   */
  fetchApi?: (input: string, init?: RequestInit) => Promise<Response>;
  /**
   * Marks a part of the document that needs script (the lightbox's button, a gallery, a video's
   * play button, a poll) with the plain data it is drawn from, so that a page which ships no React
   * app can make just those parts live (issue 20's islands). Without it the part is rendered as
   * it is, live with the page around it.
   */
  interactive?: (part: InteractivePart) => ReactNode;
}

/**
 * A part of a document that needs script: its name, the serialisable props of the component that
 * draws it (`ImageFrame`, `GalleryBlock`, `VideoBox`, `PollBlock`, `SpoilerIsland`, `SandboxedHtml`) and that
 * component's element.
 */
export type InteractivePart = {
  [N in keyof InteractivePartProps]: {
    name: N;
    props: InteractivePartProps[N];
    element: ReactNode;
  };
}[keyof InteractivePartProps];

/** The props of each interactive part, plain JSON (they travel in the page's HTML). */
export interface InteractivePartProps {
  image: ImageFrameProps;
  gallery: GalleryBlockProps;
  video: VideoBoxProps;
  poll: Omit<PollBlockProps, 'fetchApi'>;
  spoiler: SpoilerIslandProps;
  /** A sandboxed frame that grows to its markup (html/render.tsx). */
  frame: SandboxedHtmlProps;
}

/** Words of the rendered document that are not the author's. */
export interface RichContentLabels {
  /** Announced on a hidden spoiler, before its text is revealed. */
  spoiler: string;
  /** The accessible name of a table's scrollable region. */
  table: string;
  /** The accessible name of a code block's scrollable region. */
  code: string;
}

/** English labels, used where the page gives none. */
export const DEFAULT_LABELS: RichContentLabels = {
  spoiler: 'Spoiler',
  table: 'Table',
  code: 'Code',
};

export type NodeRenderer<T extends NodeType = NodeType> = (
  node: NodeOf<T>,
  children: ReactNode,
  context: RenderContext,
) => ReactNode;

/**
 * The renderer of every node type (`nodes/render-registry.ts`); each module of render/ contributes
 * its part (`satisfies Partial<RendererRegistry>`), and the joined map must name every type.
 */
export type RendererRegistry = { [T in NodeType]: NodeRenderer<T> };
