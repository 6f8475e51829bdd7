/**
 * The comment box (issue 6): a small TipTap editor with bold, italic, links and `@` mentions of
 * members, a character count near the limit, and Post / Cancel. Loaded only when a member starts
 * writing (`CommentComposer` imports it lazily), so readers never load an editor. What it sends is
 * the rich-content document (`fromEditorJson`), which the server checks again; when the server
 * refuses, the message shows under the box and the text stays in it.
 */
import './comments-messages';
import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { COMMENT_TEXT_MAX, commentTextProblem } from '../../domain/comments';
import { DOCUMENT_VERSION, type RichDocument } from '../../rich-content/document';
import { fromEditorJson, toEditorJson } from '../../rich-content/editor/convert';
import { useTranslation } from '../../rich-content/i18n';
import { commentExtensions, type MentionBridge } from './comment-editor-extensions';
import { CommentLinkPart } from './comment-link-part';
import { CommentMentionsPart } from './comment-mentions-part';
import { CommentToolsPart } from './comment-tools-part';
import { useCommentLink } from './use-comment-link';
import { useCommentMentions } from './use-comment-mentions';

/** What a submit came to: the box clears after `ok` (a new comment), or shows the message. */
export type CommentSubmitResult = { ok: true; keep?: boolean } | { ok: false; message: string };

export interface CommentEditorProps {
  /** The document to start from (editing a comment). */
  initialDocument?: RichDocument | null;
  /** A member to name first (a reply in a thread at its deepest level). */
  initialMention?: { id: string; name: string; slug: string } | null;
  /** Shown while the box is empty. */
  placeholder: string;
  /** The box's accessible name. */
  label: string;
  submitLabel: string;
  busyLabel: string;
  onSubmit(document: RichDocument): Promise<CommentSubmitResult>;
  onCancel?(): void;
  /** Focus the box once it is ready (it was opened by a click). */
  autoFocus?: boolean;
}

/** Where the counter starts showing: the last fifth of the limit. */
const COUNTER_FROM = Math.floor(COMMENT_TEXT_MAX * 0.8);

function initialContent(props: CommentEditorProps) {
  if (props.initialDocument && props.initialDocument.nodes.length > 0) {
    return toEditorJson(props.initialDocument);
  }
  const mention = props.initialMention;
  if (!mention) return undefined;
  return {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          {
            type: 'text',
            text: `@${mention.name}`,
            marks: [{ type: 'mention', attrs: { mentionData: mention } }],
          },
          { type: 'text', text: ' ' },
        ],
      },
    ],
  };
}

/** The text a reader will see, paragraph by paragraph. */
function textOf(editor: Editor): string {
  return editor.getText({ blockSeparator: '\n' });
}

/**
 * The comment box. Its parts: the mention list (`useCommentMentions`, `CommentMentionsPart`),
 * the link field (`useCommentLink`, `CommentLinkPart`) and the toolbar (`CommentToolsPart`).
 */
export default function CommentEditor(props: CommentEditorProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const listId = useId();
  const [length, setLength] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const bridge = useRef<MentionBridge | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const extensions = useMemo(
    () => commentExtensions({ placeholder: props.placeholder, bridge: () => bridge.current }),
    [props.placeholder],
  );

  const editor = useEditor({
    extensions,
    content: initialContent(props),
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: 'comment-editor__input',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': props.label,
      },
    },
    onCreate: ({ editor: created }) => {
      setLength([...textOf(created)].length);
      if (props.autoFocus) created.commands.focus('end');
    },
    onUpdate: ({ editor: changed }) => {
      setLength([...textOf(changed)].length);
      setError(null);
    },
  });
  const mentions = useCommentMentions(editor, bridge, rootRef);
  const link = useCommentLink(editor);

  async function handleSubmit() {
    if (!editor || isBusy) return;
    const problem = commentTextProblem(textOf(editor));
    if (problem) {
      setError(t(`comments.problem.${problem}`, { max: COMMENT_TEXT_MAX }));
      editor.commands.focus();
      return;
    }
    let document: RichDocument;
    try {
      document = fromEditorJson(editor.getJSON(), { metadata: { version: DOCUMENT_VERSION } });
    } catch {
      setError(t('comments.problem.comment_content_invalid'));
      return;
    }
    setBusy(true);
    const result = await props.onSubmit(document);
    setBusy(false);
    if (!result.ok) {
      // The text stays in the box: the member fixes it or tries again.
      setError(result.message);
      editor.commands.focus();
      return;
    }
    if (!result.keep) editor.commands.clearContent(true);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void handleSubmit();
    } else if (
      event.key === 'Escape' &&
      props.onCancel &&
      !mentions.mention &&
      link.draft === null
    ) {
      props.onCancel();
    }
  }

  const isOver = length > COMMENT_TEXT_MAX;
  const showsCounter = length >= COUNTER_FROM;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Enter and Escape inside the box
    <div
      ref={rootRef}
      className={error ? 'comment-editor has-error' : 'comment-editor'}
      onKeyDown={handleKeyDown}
    >
      <div className="comment-editor__box">
        <EditorContent
          editor={editor}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
        />
        <CommentLinkPart editor={editor} link={link} inputId={`${errorId}-link`} />
        <div className="comment-editor__bar">
          <CommentToolsPart editor={editor} link={link} />
          <div className="comment-editor__actions">
            {showsCounter ? (
              <span className={isOver ? 'comment-editor__count is-over' : 'comment-editor__count'}>
                {t('comments.counter', { count: length, max: COMMENT_TEXT_MAX })}
              </span>
            ) : null}
            {props.onCancel ? (
              <button
                type="button"
                className="button comment-editor__cancel"
                onClick={props.onCancel}
              >
                {t('comments.cancel')}
              </button>
            ) : null}
            <button
              type="button"
              className="button button--primary comment-editor__submit"
              aria-disabled={isBusy || undefined}
              onClick={() => void handleSubmit()}
            >
              {isBusy ? props.busyLabel : props.submitLabel}
            </button>
          </div>
        </div>
      </div>
      {error ? (
        <p className="comment-editor__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <CommentMentionsPart listId={listId} mentions={mentions} />
    </div>
  );
}
