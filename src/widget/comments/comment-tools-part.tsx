/** The comment box's toolbar: bold, italic, link and `@` mention. */
import type { Editor } from '@tiptap/core';
import { useTranslation } from '../../rich-content/i18n';
import { LineIcon } from '../components/line-icon';
import type { CommentLink } from './use-comment-link';

/** The formatting buttons; they keep the editor's selection (no focus on mouse down). */
export function CommentToolsPart({ editor, link }: { editor: Editor | null; link: CommentLink }) {
  const { t } = useTranslation();
  const mark = (name: 'bold' | 'italic' | 'link') => editor?.isActive(name) ?? false;
  return (
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
        aria-expanded={link.draft !== null}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (link.draft !== null) {
            link.setDraft(null);
            return;
          }
          link.setDraft((editor?.getAttributes('link').href as string | undefined) ?? '');
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
  );
}
