/**
 * What text and structure renderers share: a node's own style (SPEC §3 Node style), text
 * alignment, line height and indentation, anchor ids, and the document style (SPEC §3
 * documentStyle) as CSS custom properties on the `.rich-content` root. Every value from the
 * document goes through `css-values.ts` first.
 */
import { Children, type CSSProperties, isValidElement, type ReactNode } from 'react';
import type { Decoration, DocumentStyle, Link, NodeStyle, RichNode, TextStyle } from '../document';
import { safeUrl } from '../safe-url';
import { cssColor, cssFontSize, cssLineHeight, cssPadding } from './css-values';
import type { RenderContext } from './types';

/** A style object that may hold CSS custom properties. */
export type StyleWithVars = CSSProperties & Record<`--${string}`, string | number>;

/** A node's padding and background (SPEC §3 Node style), sanitised; undefined when empty. */
export function nodeStyle(style: NodeStyle | undefined): StyleWithVars | undefined {
  if (!style) return undefined;
  const out: StyleWithVars = {};
  const paddingTop = cssPadding(style.paddingTop);
  const paddingBottom = cssPadding(style.paddingBottom);
  const backgroundColor = cssColor(style.backgroundColor);
  if (paddingTop) out.paddingTop = paddingTop;
  if (paddingBottom) out.paddingBottom = paddingBottom;
  if (backgroundColor) out.backgroundColor = backgroundColor;
  return isEmpty(out) ? undefined : out;
}

/** Merges style objects; undefined when nothing is left (no empty `style=""`). */
export function mergeStyles(
  ...styles: (StyleWithVars | CSSProperties | undefined)[]
): StyleWithVars | undefined {
  const out: StyleWithVars = Object.assign({}, ...styles.filter(Boolean));
  return isEmpty(out) ? undefined : out;
}

function isEmpty(style: object): boolean {
  for (const _ in style) return false;
  return true;
}

/** Joins class names, skipping empty ones. */
export function classNames(...names: (string | false | undefined | null)[]): string {
  return names.filter(Boolean).join(' ');
}

/**
 * Props of a text block (PARAGRAPH, HEADING, CAPTION, lists, quotes): alignment and indentation
 * as classes (`rc-text-center`, `rc-indented`), line height, node style, and an `id` when some
 * link in the document points at the node. SPEC §9: alignment AUTO (the default) adds no class:
 * each block takes the direction of its own text (`dir="auto"`), so a Hebrew paragraph in an
 * English post reads and aligns right to left, and the reverse (issue 22).
 */
export function textBlockProps(
  node: RichNode,
  base: string,
  context: RenderContext,
  options: { textStyle?: TextStyle; indentation?: number } = {},
): { className: string; dir: 'auto'; style?: StyleWithVars; id?: string } {
  const alignment = options.textStyle?.textAlignment;
  const indentation = Math.min(Math.max(options.indentation ?? 0, 0), 16);
  const lineHeight = cssLineHeight(options.textStyle?.lineHeight);
  const style = mergeStyles(
    nodeStyle(node.style),
    lineHeight ? { lineHeight } : undefined,
    indentation > 0 ? { '--rc-indent': indentation } : undefined,
  );
  return {
    className: classNames(
      base,
      alignment && alignment !== 'AUTO' && `rc-text-${alignment.toLowerCase()}`,
      indentation > 0 && 'rc-indented',
    ),
    dir: 'auto',
    ...(style && { style }),
    ...withAnchorId(node, context),
  };
}

/** The DOM id of a node that links in the document point at (`#rc-<node id>`). */
export function anchorDomId(nodeId: string): string {
  return `rc-${nodeId.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** `{ id }` when the node is the target of an ANCHOR decoration or an anchor link. */
export function withAnchorId(node: RichNode, context: RenderContext): { id?: string } {
  return node.id && context.anchorTargets?.has(node.id) ? { id: anchorDomId(node.id) } : {};
}

/**
 * The node ids that ANCHOR decorations and anchor links of the document point at. Only those
 * nodes get an `id` attribute, so pages without anchors carry no ids.
 */
export function collectAnchorTargets(nodes: readonly RichNode[]): ReadonlySet<string> {
  const targets = new Set<string>();
  const stack: RichNode[] = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'TEXT') {
      for (const decoration of node.textData.decorations) {
        if (decoration.type === 'ANCHOR') targets.add(decoration.anchorData.anchor);
        else if (decoration.type === 'LINK' && decoration.linkData.link.anchor)
          targets.add(decoration.linkData.link.anchor);
      }
    } else if (node.type === 'BUTTON' && node.buttonData.link?.anchor) {
      targets.add(node.buttonData.link.anchor);
    } else if (node.type === 'IMAGE' && node.imageData.link?.anchor) {
      targets.add(node.imageData.link.anchor);
    }
    if (node.nodes.length > 0) stack.push(...(node.nodes as RichNode[]));
  }
  return targets;
}

/** documentStyle keys and the short names of their CSS custom properties (`--rc-h2-size`). */
const DOCUMENT_STYLE_KINDS = {
  headerOne: 'h1',
  headerTwo: 'h2',
  headerThree: 'h3',
  headerFour: 'h4',
  headerFive: 'h5',
  headerSix: 'h6',
  paragraph: 'p',
  blockquote: 'quote',
  codeBlock: 'code',
} as const satisfies Record<keyof DocumentStyle, string>;

/**
 * The document style (SPEC §3) as CSS custom properties for the root: per kind of block
 * (`h1`…`h6`, `p`, `quote`, `code`) `--rc-<kind>-weight`, `-style`, `-decoration`, `-color`,
 * `-bg`, `-size`, `-lh`, `-pt`, `-pb`. text-nodes.css reads them with SPEC §9 defaults.
 * Links, mentions and spoilers make no sense document-wide and are ignored.
 */
export function documentStyleVars(style: DocumentStyle | undefined): StyleWithVars | undefined {
  if (!style) return undefined;
  const out: StyleWithVars = {};
  for (const [key, kind] of Object.entries(DOCUMENT_STYLE_KINDS)) {
    const entry = style[key as keyof DocumentStyle];
    if (!entry) continue;
    const prefix = `--rc-${kind}` as const;
    Object.assign(out, decorationVars(entry.decorations, prefix));
    const lineHeight = cssLineHeight(entry.lineHeight);
    if (lineHeight) out[`${prefix}-lh`] = lineHeight;
    const paddingTop = cssPadding(entry.nodeStyle?.paddingTop);
    const paddingBottom = cssPadding(entry.nodeStyle?.paddingBottom);
    const background = cssColor(entry.nodeStyle?.backgroundColor);
    if (paddingTop) out[`${prefix}-pt`] = paddingTop;
    if (paddingBottom) out[`${prefix}-pb`] = paddingBottom;
    if (background) out[`${prefix}-bg`] = background;
  }
  return isEmpty(out) ? undefined : out;
}

function decorationVars(decorations: Decoration[], prefix: `--${string}`): StyleWithVars {
  const out: StyleWithVars = {};
  for (const decoration of decorations) {
    switch (decoration.type) {
      case 'BOLD':
        out[`${prefix}-weight`] = decoration.fontWeightValue ?? 700;
        break;
      case 'ITALIC':
        out[`${prefix}-style`] = decoration.italicData === false ? 'normal' : 'italic';
        break;
      case 'UNDERLINE':
        out[`${prefix}-decoration`] = decoration.underlineData === false ? 'none' : 'underline';
        break;
      case 'COLOR': {
        const foreground = cssColor(decoration.colorData.foreground);
        const background = cssColor(decoration.colorData.background);
        if (foreground) out[`${prefix}-color`] = foreground;
        if (background) out[`${prefix}-bg`] = background;
        break;
      }
      case 'FONT_SIZE': {
        const size = cssFontSize(decoration.fontSizeData);
        if (size) out[`${prefix}-size`] = size;
        break;
      }
      default:
        break;
    }
  }
  return out;
}

const LINK_TARGETS = { SELF: undefined, BLANK: '_blank', PARENT: '_parent', TOP: '_top' } as const;

/**
 * The `href`, `target` and `rel` of a document link (SPEC §3 Link): the URL when its scheme is
 * safe, else an in-document anchor, else nothing (undefined). Target and rel as stored; a blank
 * target always gets `noopener`.
 */
export function linkAttributes(
  link: Link | undefined,
): { href: string; target?: string; rel?: string } | undefined {
  if (!link) return undefined;
  const url = safeUrl(link.url);
  const href = url ?? (link.anchor ? `#${anchorDomId(link.anchor)}` : undefined);
  if (!href) return undefined;
  const target = url ? LINK_TARGETS[link.target ?? 'SELF'] : undefined;
  const rel = Object.entries(link.rel ?? {})
    .filter(([, on]) => on)
    .map(([name]) => name);
  if (target === '_blank') rel.push('noopener');
  return {
    href,
    ...(target && { target }),
    ...(rel.length > 0 && { rel: [...new Set(rel)].join(' ') }),
  };
}

/** `{ [key]: value }`, or nothing when the value is undefined: a style property that may be absent. */
export function optionalStyle<K extends keyof CSSProperties>(
  key: K,
  value: CSSProperties[K] | undefined,
) {
  return value === undefined ? {} : { [key]: value };
}

/** Children with the keys they were rendered with, each wrapped by `wrap`. */
export function mapChildren(
  children: ReactNode,
  wrap: (child: ReactNode, index: number) => ReactNode,
) {
  return Children.toArray(children).map(wrap);
}

/** The key a rendered child was given, else its place. */
export function keyOf(child: ReactNode, index: number): string | number {
  return isValidElement(child) && child.key !== null ? child.key : index;
}
