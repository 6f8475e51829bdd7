/**
 * Where a member starts writing (issue 6): their picture and a box that says "Write a comment…".
 * The editor's code loads when they press it (or hover it, to be ready sooner), never for readers
 * who only read; until it arrives the box stays as it is.
 */
import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { MemberSummary } from '../../domain/views';
import { Avatar } from '../components/post-meta';
import type { CommentEditorProps } from './comment-editor';

const loadEditor = () => import('./comment-editor');
const CommentEditor = lazy(loadEditor);

/** SPEC §9: a comment's avatar is 40 px (32 in replies, which sit in a narrower column). */
export const COMMENT_AVATAR = 40;
export const REPLY_AVATAR = 32;

export interface CommentComposerProps extends Omit<CommentEditorProps, 'autoFocus'> {
  /** Who writes (their picture beside the box). */
  member: MemberSummary | null;
  /**
   * Asked before the box opens (a gated action, SPEC §4, §6): it calls `open` when the member
   * may write, or explains why not. Opens at once without it.
   */
  onOpenRequest?: (open: () => void) => void;
  /** The prompt's `data-action-key`: logging in presses it again (gated-action.tsx). */
  actionKey?: string;
  /** Open at once (a Reply or Edit button was pressed). */
  isOpen?: boolean;
  avatarSize?: number;
}

/** The box before the editor: a button that looks like the field it becomes. */
function Prompt({
  label,
  onOpen,
  actionKey,
}: {
  label: string;
  onOpen(): void;
  actionKey?: string;
}) {
  return (
    <button
      type="button"
      data-action-key={actionKey}
      className="comment-composer__prompt"
      onClick={onOpen}
      onPointerEnter={() => void loadEditor()}
      onFocus={() => void loadEditor()}
    >
      {label}
    </button>
  );
}

/** The member's box: the prompt, then the editor. */
export function CommentComposer({
  member,
  isOpen: startOpen = false,
  avatarSize = COMMENT_AVATAR,
  onOpenRequest,
  actionKey,
  ...editor
}: CommentComposerProps) {
  const [isOpen, setOpen] = useState(startOpen);
  let body: ReactNode;
  if (!isOpen) {
    const open = () => setOpen(true);
    body = (
      <Prompt
        label={editor.placeholder}
        actionKey={actionKey}
        onOpen={() => (onOpenRequest ? onOpenRequest(open) : open())}
      />
    );
  } else {
    body = (
      <Suspense
        fallback={
          <div className="comment-composer__prompt is-loading" aria-busy="true">
            {editor.placeholder}
          </div>
        }
      >
        <CommentEditor {...editor} autoFocus />
      </Suspense>
    );
  }
  return (
    <div className="comment-composer">
      <Avatar member={member} size={avatarSize} />
      <div className="comment-composer__field">{body}</div>
    </div>
  );
}
