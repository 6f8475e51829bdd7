/**
 * A comment's document (issue 6): the rich-content model (SPEC §3) held to what the comment box
 * writes, which is paragraphs of text with bold, italic, links and mentions of members. What comes
 * in is parsed like any document (`parseDocument`, with its limits), then checked against that
 * subset and rebuilt in one canonical form: empty paragraphs dropped, links opening in a new tab
 * as user content (`nofollow ugc noreferrer`), new node ids and timestamps. The text limits are
 * `domain/comments.ts`'s, so the form and the server agree.
 */
import {
  COMMENT_LINKS_MAX,
  COMMENT_PARAGRAPHS_MAX,
  type CommentTextProblem,
  commentTextProblem,
} from '../domain/comments';
import type { Decoration } from './model/decorations';
import { DOCUMENT_VERSION, type RichDocument } from './model/envelope';
import type { ParagraphNode, RichNode, TextNode } from './model/nodes';
import { parseDocument } from './model/parse';
import { isSafeUrl } from './safe-url';

/** The decorations a comment may carry. */
export const COMMENT_DECORATIONS = ['BOLD', 'ITALIC', 'LINK', 'MENTION'] as const;

/** Why a comment's document is refused, as the API's error code. */
export type CommentDocumentProblem =
  | CommentTextProblem
  | 'comment_too_many_links'
  | 'comment_content_invalid';

/** A comment ready to store, or what is wrong with it. */
export type CommentDocumentResult =
  | {
      ok: true;
      document: RichDocument;
      /** Its text, one line per paragraph (stored for excerpts and notifications). */
      text: string;
      /** The members it mentions, by id, once each. */
      mentionIds: string[];
    }
  | { ok: false; problem: CommentDocumentProblem; path: string };

const ALLOWED_DECORATIONS: ReadonlySet<string> = new Set(COMMENT_DECORATIONS);
/** Links in comments are the reader's, not the blog's: search engines should not follow them. */
const USER_LINK_REL = { nofollow: true, ugc: true, noreferrer: true } as const;

function refuse(problem: CommentDocumentProblem, path = 'content') {
  return { ok: false as const, problem, path };
}

/** A decoration in its comment form, or null when a comment may not carry it. */
function commentDecoration(decoration: Decoration): Decoration | null {
  if (!ALLOWED_DECORATIONS.has(decoration.type)) return null;
  switch (decoration.type) {
    case 'LINK': {
      const url = decoration.linkData.link.url?.trim();
      // Only addresses of the web and mail: no anchors into the page, no scripts.
      if (!url || !isSafeUrl(url) || !/^(https?:\/\/|mailto:)/i.test(url)) return null;
      return {
        type: 'LINK',
        linkData: { link: { url, target: 'BLANK', rel: { ...USER_LINK_REL } } },
      };
    }
    case 'MENTION': {
      const { id, name, slug } = decoration.mentionData;
      if (!id || !slug) return null;
      return { type: 'MENTION', mentionData: { id, name, slug } };
    }
    case 'BOLD':
      return { type: 'BOLD' };
    case 'ITALIC':
      return { type: 'ITALIC' };
    default:
      return null;
  }
}

/**
 * Checks and rebuilds a comment's document. `now` stamps it. Refused: anything but paragraphs
 * of text (`comment_content_invalid`, with the path), a decoration other than bold, italic,
 * link (http, https, mailto) and mention, more than COMMENT_LINKS_MAX links and mentions, more
 * than COMMENT_PARAGRAPHS_MAX paragraphs or COMMENT_TEXT_MAX characters (`comment_too_long`),
 * and no text at all (`comment_empty`).
 */
export function prepareCommentDocument(input: unknown, now = new Date()): CommentDocumentResult {
  const parsed = parseDocument(input);
  if (!parsed.ok) return refuse('comment_content_invalid', `content.${parsed.path}`);
  const paragraphs: ParagraphNode[] = [];
  const lines: string[] = [];
  const mentionIds = new Set<string>();
  let links = 0;
  for (const [p, node] of parsed.document.nodes.entries()) {
    if (node.type !== 'PARAGRAPH') return refuse('comment_content_invalid', `content.nodes.${p}`);
    const runs: TextNode[] = [];
    for (const [r, run] of (node.nodes as readonly RichNode[]).entries()) {
      if (run.type !== 'TEXT') {
        return refuse('comment_content_invalid', `content.nodes.${p}.nodes.${r}`);
      }
      const decorations: Decoration[] = [];
      for (const decoration of run.textData.decorations) {
        const kept = commentDecoration(decoration);
        if (!kept) {
          return refuse('comment_content_invalid', `content.nodes.${p}.nodes.${r}.decorations`);
        }
        if (kept.type === 'LINK') links++;
        if (kept.type === 'MENTION' && kept.mentionData.id) {
          links++;
          mentionIds.add(kept.mentionData.id);
        }
        decorations.push(kept);
      }
      if (run.textData.text === '') continue;
      runs.push({
        type: 'TEXT',
        id: '',
        nodes: [],
        textData: { text: run.textData.text, decorations },
      });
    }
    const line = runs.map((run) => run.textData.text).join('');
    // Blank paragraphs (the box's empty lines) are dropped: paragraphs have their own spacing.
    if (line.trim() === '') continue;
    paragraphs.push({
      type: 'PARAGRAPH',
      id: `c${paragraphs.length + 1}`,
      nodes: runs,
      paragraphData: {},
    });
    lines.push(line);
  }
  const text = lines.join('\n');
  const problem = commentTextProblem(text);
  if (problem) return refuse(problem);
  if (paragraphs.length > COMMENT_PARAGRAPHS_MAX) return refuse('comment_too_long');
  if (links > COMMENT_LINKS_MAX) return refuse('comment_too_many_links');
  const stamp = now.toISOString();
  return {
    ok: true,
    document: {
      nodes: paragraphs,
      metadata: { version: DOCUMENT_VERSION, createdTimestamp: stamp, updatedTimestamp: stamp },
    },
    text,
    mentionIds: [...mentionIds],
  };
}

/**
 * The document with each mention re-stamped from the member it names (their current name and
 * slug), and mentions of members `lookup` does not know turned into plain text.
 */
export function resolveMentions(
  document: RichDocument,
  lookup: (id: string) => { name: string; slug: string } | undefined,
): RichDocument {
  const nodes = document.nodes.map((node) => {
    if (node.type !== 'PARAGRAPH') return node;
    return {
      ...node,
      nodes: (node.nodes as TextNode[]).map((run) => ({
        ...run,
        textData: {
          ...run.textData,
          decorations: run.textData.decorations.flatMap((decoration): Decoration[] => {
            if (decoration.type !== 'MENTION') return [decoration];
            const member = decoration.mentionData.id
              ? lookup(decoration.mentionData.id)
              : undefined;
            if (!member) return [];
            const { id } = decoration.mentionData;
            return [{ type: 'MENTION', mentionData: { id, name: member.name, slug: member.slug } }];
          }),
        },
      })),
    } as ParagraphNode;
  });
  return { ...document, nodes };
}
