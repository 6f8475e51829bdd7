/** The comment box's link field: an address, Apply, Remove (on a link), and its error. */
import type { Editor } from '@tiptap/core';
import { useTranslation } from '../../rich-content/i18n';
import type { CommentLink } from './use-comment-link';

/** The link field under the box, shown while `link.draft` is not null. */
export function CommentLinkPart({
  editor,
  link,
  inputId,
}: {
  editor: Editor | null;
  link: CommentLink;
  inputId: string;
}) {
  const { t } = useTranslation();
  if (link.draft === null) return null;
  return (
    <div className="comment-editor__link">
      <label className="visually-hidden" htmlFor={inputId}>
        {t('comments.linkPrompt')}
      </label>
      <input
        id={inputId}
        type="url"
        inputMode="url"
        className="comment-editor__link-input"
        placeholder="https://"
        value={link.draft}
        aria-invalid={link.isInvalid || undefined}
        // biome-ignore lint/a11y/noAutofocus: the member just asked for this field
        autoFocus
        onChange={(event) => {
          link.setDraft(event.target.value);
          link.setInvalid(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            link.apply();
          } else if (event.key === 'Escape') {
            event.stopPropagation();
            link.setDraft(null);
            editor?.commands.focus();
          }
        }}
      />
      <button type="button" className="comment-editor__link-apply" onClick={link.apply}>
        {t('comments.linkApply')}
      </button>
      {(editor?.isActive('link') ?? false) ? (
        <button
          type="button"
          className="comment-editor__link-apply"
          onClick={() => {
            editor?.chain().focus().extendMarkRange('link').unsetLink().run();
            link.setDraft(null);
          }}
        >
          {t('comments.linkRemove')}
        </button>
      ) : null}
      {link.isInvalid ? (
        <p className="comment-editor__link-error" role="alert">
          {t('comments.linkInvalid')}
        </p>
      ) : null}
    </div>
  );
}
