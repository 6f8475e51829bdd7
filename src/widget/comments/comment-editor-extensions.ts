/**
 * The comment box's editor schema (issue 6: "a trimmed TipTap with paragraph, bold/italic, link,
 * mention"): the rich-content editor's own node and mark names and attributes
 * (`rich-content/editor/specs.ts`), so that the post editor's converters (`toEditorJson`,
 * `fromEditorJson`) read and write it unchanged, without the post editor's other blocks. `@`
 * opens member suggestions through a small bridge to the React list, as the post editor's slash
 * menu does.
 */
import { type Attribute, Extension, Mark, mergeAttributes, type Range } from '@tiptap/core';
import { Bold } from '@tiptap/extension-bold';
import { Document } from '@tiptap/extension-document';
import { Italic } from '@tiptap/extension-italic';
import { Link } from '@tiptap/extension-link';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Text } from '@tiptap/extension-text';
import { Placeholder, UndoRedo } from '@tiptap/extensions';
import { Suggestion } from '@tiptap/suggestion';
import {
  EDITOR_MARKS,
  EDITOR_NODES,
  jsonAttribute,
  nodeAttributes,
} from '../../rich-content/editor/specs';

/** What the box needs to know while a mention is being typed. */
export interface MentionState {
  query: string;
  /** The `@query` text, replaced by the chosen member. */
  range: Range;
  /** Where the caret is on the screen. */
  rect: DOMRect | null;
}

/** The component's side of the bridge: the plugin calls these. */
export interface MentionBridge {
  onChange(state: MentionState | null): void;
  /** A key pressed while the list is open; true when the list used it. */
  onKeyDown(event: KeyboardEvent): boolean;
}

const MENTION = EDITOR_MARKS.MENTION;

/** The MENTION decoration as a mark: `@Name`, not extended by typing after it. */
const MentionMark = Mark.create({
  name: MENTION.name,
  inclusive: false,
  excludes: '_',
  addAttributes: () => ({ [MENTION.dataKey]: jsonAttribute(MENTION.dataKey) }),
  parseHTML: () => [{ tag: 'span[data-rc-mark="MENTION"]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'span',
    mergeAttributes(
      { 'data-rc-mark': 'MENTION', class: 'comment-editor__mention' },
      HTMLAttributes,
    ),
    0,
  ],
});

/**
 * `@` suggestions; `bridge()` is asked at every call, so the component may replace it. A function,
 * not a ref object: TipTap deep-merges options, which would copy a ref and keep its first value.
 */
const MentionSuggestions = Extension.create<{ bridge: () => MentionBridge | null }>({
  name: 'mentionSuggestions',
  // Before the editor's own keys: Enter and Tab choose a member while the list is open.
  priority: 1000,
  addOptions: () => ({ bridge: () => null }),
  addProseMirrorPlugins() {
    const { bridge } = this.options;
    const report = (props: {
      query: string;
      range: Range;
      clientRect?: (() => DOMRect | null) | null;
    }) =>
      bridge()?.onChange({
        query: props.query,
        range: props.range,
        rect: props.clientRect?.() ?? null,
      });
    return [
      Suggestion({
        editor: this.editor,
        char: '@',
        // Names have spaces: "@Sofia Mar" still looks for Sofia Marchetti.
        allowSpaces: true,
        items: () => [],
        render: () => ({
          onStart: report,
          onUpdate: report,
          onExit: () => bridge()?.onChange(null),
          onKeyDown: ({ event }) => bridge()?.onKeyDown(event) ?? false,
        }),
      }),
    ];
  },
});

/** The comment box's extensions: paragraphs, bold, italic, links, mentions, undo, placeholder. */
export function commentExtensions(options: {
  placeholder: string;
  bridge: () => MentionBridge | null;
}) {
  return [
    // At least one paragraph, nothing else: what a comment may hold (rich-content/comment-document).
    Document.extend({ content: `${EDITOR_NODES.PARAGRAPH.name}+` }),
    Text,
    Paragraph.extend({ addAttributes: () => nodeAttributes(EDITOR_NODES.PARAGRAPH.dataKey) }),
    Bold.extend({ addAttributes: () => ({ fontWeightValue: jsonAttribute('fontWeightValue') }) }),
    Italic.extend({ addAttributes: () => ({ italicData: jsonAttribute('italicData') }) }),
    Link.extend({
      addAttributes() {
        return {
          href: (this.parent?.() as Record<string, Attribute> | undefined)?.href ?? {
            default: null,
          },
          linkData: jsonAttribute('linkData'),
        };
      },
    }).configure({
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      // Only the web's and mail addresses (the server refuses anything else).
      isAllowedUri: (url, ctx) =>
        /^(https?:\/\/|mailto:)/i.test(url) ||
        (!/^[a-z][a-z0-9+.-]*:/i.test(url) && ctx.defaultValidate(url)),
    }),
    MentionMark,
    MentionSuggestions.configure({ bridge: options.bridge }),
    UndoRedo,
    Placeholder.configure({ placeholder: options.placeholder }),
  ];
}
