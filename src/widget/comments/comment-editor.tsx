/**
 * The comment box (issue 6): a small TipTap editor with bold, italic, links and `@` mentions of
 * members, a character count near the limit, and Post / Cancel. Loaded only when a member starts
 * writing (`CommentComposer` imports it lazily), so readers never load an editor. What it sends is
 * the rich-content document (`fromEditorJson`), which the server checks again; when the server
 * refuses, the message shows under the box and the text stays in it.
 */
import './comments-messages';
import type { Editor } from '@tiptap/core';
import type { Mark } from '@tiptap/pm/model';
import { EditorContent, useEditor } from '@tiptap/react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  COMMENT_TEXT_MAX,
  commentTextProblem,
  type MentionSuggestion,
} from '../../domain/comments';
import { DOCUMENT_VERSION, type RichDocument } from '../../rich-content/document';
import { fromEditorJson, toEditorJson } from '../../rich-content/editor/convert';
import { useTranslation } from '../../rich-content/i18n';
import { LineIcon } from '../components/line-icon';
import { Avatar } from '../components/post-meta';
import {
  commentExtensions,
  type MentionBridge,
  type MentionState,
} from './comment-editor-extensions';
import { fetchMentions } from './comments-api';

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
/** Mention lookups wait this long after the last key. */
const MENTION_DEBOUNCE_MS = 150;

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

/** The comment box. */
export default function CommentEditor(props: CommentEditorProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const listId = useId();
  const [length, setLength] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const [linkError, setLinkError] = useState(false);
  const [mention, setMention] = useState<MentionState | null>(null);
  const [members, setMembers] = useState<MentionSuggestion[]>([]);
  const [active, setActive] = useState(0);
  const bridge = useRef<MentionBridge | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  // Where the list goes: under the caret, in the box's own coordinates (it scrolls with it).
  const [listAt, setListAt] = useState<{ top: number; left: number } | null>(null);
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

  // The mention list's keys, read by the plugin while `@` is being typed.
  bridge.current = {
    onChange: (state) => {
      setMention(state);
      if (!state) setMembers([]);
      const box = rootRef.current?.getBoundingClientRect();
      setListAt(
        state?.rect && box
          ? {
              top: state.rect.bottom - box.top + 6,
              left: Math.max(0, Math.min(state.rect.left - box.left, box.width - 240)),
            }
          : null,
      );
    },
    onKeyDown: (event) => {
      if (!mention) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (members.length === 0 ? 0 : (i + step + members.length) % members.length));
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const chosen = members[active];
        if (!chosen) return false;
        choose(chosen);
        return true;
      }
      if (event.key === 'Escape') {
        setMention(null);
        return true;
      }
      return false;
    },
  };

  // Members matching what follows `@`, a moment after the last key.
  const query = mention?.query;
  useEffect(() => {
    if (query === undefined) return;
    let isCurrent = true;
    const timer = window.setTimeout(async () => {
      const result = await fetchMentions(query);
      if (!isCurrent) return;
      setMembers(result.ok ? result.value.members : []);
      setActive(0);
    }, MENTION_DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [query]);

  /** Puts `text` with `mark` (and a space after it) in place of `from`–`to`. */
  function insertMarked(from: number, to: number, text: string, mark: Mark) {
    if (!editor) return;
    // A transaction of our own: TipTap's insertContent turns text-only content into plain text,
    // dropping its marks.
    const { schema } = editor.state;
    const tr = editor.state.tr.replaceWith(from, to, [schema.text(text, [mark]), schema.text(' ')]);
    editor.view.dispatch(tr.removeStoredMark(mark.type));
    editor.commands.focus();
  }

  function choose(member: MentionSuggestion) {
    if (!editor || !mention) return;
    const mentionData = { id: member.id, name: member.name, slug: member.slug };
    const mark = editor.schema.marks.mention!.create({ mentionData });
    insertMarked(mention.range.from, mention.range.to, `@${member.name}`, mark);
    setMention(null);
    setMembers([]);
  }

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
    } else if (event.key === 'Escape' && props.onCancel && !mention && linkDraft === null) {
      props.onCancel();
    }
  }

  function applyLink() {
    if (!editor || linkDraft === null) return;
    const url = linkDraft.trim();
    if (url === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setLinkDraft(null);
      return;
    }
    const href = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
    if (!/^(https?:\/\/[^\s]+\.[^\s]+|mailto:[^\s]+@[^\s]+)$/i.test(href)) {
      setLinkError(true);
      return;
    }
    const { empty, from } = editor.state.selection;
    if (empty && !editor.isActive('link')) {
      // Nothing chosen: the address itself becomes the link's text.
      insertMarked(from, from, url, editor.schema.marks.link!.create({ href }));
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    }
    setLinkDraft(null);
    setLinkError(false);
  }

  const isOver = length > COMMENT_TEXT_MAX;
  const showsCounter = length >= COUNTER_FROM;
  const mark = (name: 'bold' | 'italic' | 'link') => editor?.isActive(name) ?? false;
  const activeMember = members[active];

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
        {linkDraft !== null ? (
          <div className="comment-editor__link">
            <label className="visually-hidden" htmlFor={`${errorId}-link`}>
              {t('comments.linkPrompt')}
            </label>
            <input
              id={`${errorId}-link`}
              type="url"
              inputMode="url"
              className="comment-editor__link-input"
              placeholder="https://"
              value={linkDraft}
              aria-invalid={linkError || undefined}
              // biome-ignore lint/a11y/noAutofocus: the member just asked for this field
              autoFocus
              onChange={(event) => {
                setLinkDraft(event.target.value);
                setLinkError(false);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyLink();
                } else if (event.key === 'Escape') {
                  event.stopPropagation();
                  setLinkDraft(null);
                  editor?.commands.focus();
                }
              }}
            />
            <button type="button" className="comment-editor__link-apply" onClick={applyLink}>
              {t('comments.linkApply')}
            </button>
            {mark('link') ? (
              <button
                type="button"
                className="comment-editor__link-apply"
                onClick={() => {
                  editor?.chain().focus().extendMarkRange('link').unsetLink().run();
                  setLinkDraft(null);
                }}
              >
                {t('comments.linkRemove')}
              </button>
            ) : null}
            {linkError ? (
              <p className="comment-editor__link-error" role="alert">
                {t('comments.linkInvalid')}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="comment-editor__bar">
          <div className="comment-editor__tools" role="toolbar" aria-label={t('comments.toolbar')}>
            <button
              type="button"
              className="comment-editor__tool"
              aria-label={t('comments.bold')}
              aria-pressed={mark('bold')}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => editor?.chain().focus().toggleBold().run()}
            >
              <LineIcon size={18}>
                <path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />
              </LineIcon>
            </button>
            <button
              type="button"
              className="comment-editor__tool"
              aria-label={t('comments.italic')}
              aria-pressed={mark('italic')}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => editor?.chain().focus().toggleItalic().run()}
            >
              <LineIcon size={18}>
                <path d="M11 5h7M6 19h7M14.5 5l-5 14" />
              </LineIcon>
            </button>
            <button
              type="button"
              className="comment-editor__tool"
              aria-label={t('comments.link')}
              aria-pressed={mark('link')}
              aria-expanded={linkDraft !== null}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                if (linkDraft !== null) {
                  setLinkDraft(null);
                  return;
                }
                setLinkDraft((editor?.getAttributes('link').href as string | undefined) ?? '');
              }}
            >
              <LineIcon size={18}>
                <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
                <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
              </LineIcon>
            </button>
            <button
              type="button"
              className="comment-editor__tool"
              aria-label={t('comments.mention')}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => editor?.chain().focus().insertContent(' @').run()}
            >
              <LineIcon size={18}>
                <circle cx="12" cy="12" r="4" />
                <path d="M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-4 8" />
              </LineIcon>
            </button>
          </div>
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
      {mention ? (
        <div
          className="comment-mentions"
          role="listbox"
          id={listId}
          aria-label={t('comments.mentionList')}
          style={listAt ?? undefined}
        >
          {members.length === 0 ? (
            <p className="comment-mentions__empty">
              {t('comments.mentionEmpty', { query: mention.query })}
            </p>
          ) : (
            members.map((member, i) => (
              <div
                key={member.id}
                role="option"
                tabIndex={-1}
                aria-selected={member === activeMember}
                className="comment-mentions__option"
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(member);
                }}
                onMouseEnter={() => setActive(i)}
              >
                <Avatar
                  member={{
                    siteMemberId: member.id,
                    slug: member.slug,
                    name: member.name,
                    image: member.image,
                  }}
                  size={28}
                />
                <span>{member.name}</span>
              </div>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
