/**
 * The comment box's `@` mentions: the state of the list (what is typed after `@`, the members
 * matching it, the highlighted one, where the list goes), the keys the editor's mention plugin
 * hands over through `bridge`, and choosing a member.
 */
import type { Editor } from '@tiptap/core';
import { type RefObject, useEffect, useState } from 'react';
import type { MentionSuggestion } from '../../domain/comments';
import type { MentionBridge, MentionState } from './comment-editor-extensions';
import { insertMarked } from './comment-editor-marks';
import { fetchMentions } from './comments-api';

/** Mention lookups wait this long after the last key. */
const MENTION_DEBOUNCE_MS = 150;

/** The mention list of the comment box; sets `bridge.current` on every render. */
export function useCommentMentions(
  editor: Editor | null,
  bridge: RefObject<MentionBridge | null>,
  rootRef: RefObject<HTMLDivElement | null>,
) {
  const [mention, setMention] = useState<MentionState | null>(null);
  const [members, setMembers] = useState<MentionSuggestion[]>([]);
  const [active, setActive] = useState(0);
  // Where the list goes: under the caret, in the box's own coordinates (it scrolls with it).
  const [listAt, setListAt] = useState<{ top: number; left: number } | null>(null);

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

  function choose(member: MentionSuggestion) {
    if (!editor || !mention) return;
    const mentionData = { id: member.id, name: member.name, slug: member.slug };
    const mark = editor.schema.marks.mention!.create({ mentionData });
    insertMarked(editor, mention.range.from, mention.range.to, `@${member.name}`, mark);
    setMention(null);
    setMembers([]);
  }

  return { mention, members, active, setActive, listAt, choose };
}
