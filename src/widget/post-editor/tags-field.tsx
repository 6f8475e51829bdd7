/**
 * The tag field of the editor's side panel (issue 4): chips for the post's tags, and a combobox
 * (WAI-ARIA 1.2, list autocomplete) that suggests the blog's tags as the writer types and, for a
 * writer who may create tags (SPEC §6 `tag:create`), offers "Create tag “x”" for a new label.
 * Arrow keys move through the list, Enter chooses, Escape closes it; a click works the same.
 * The label rules and the matching are the domain's (`domain/tags`), as on the server.
 */
import { POST_TAGS_MAX } from '../../domain/post-editor';
import { TAG_LABEL_MAX_LENGTH } from '../../domain/tags';
import { apiFetch } from '../api-client';
import { useTranslation } from '../i18n';
import type { PostDraft } from './autosave';
import type { FetchLike } from './page-api';
import { TagChipsPart } from './tag-chips-part';
import { TagChoicesPart } from './tag-choices-part';
import { type KnownTag, useTagsCombobox } from './use-tags-combobox';

export interface TagsFieldProps {
  draft: PostDraft;
  edit(patch: Partial<PostDraft>): void;
  tags: readonly KnownTag[];
  isDisabled: boolean;
  /** The writer may create tags (SPEC §6 `tag:create`). */
  canCreate: boolean;
  /** The fetch new tags are posted with (the browser's; a fake in tests). */
  fetchFn?: FetchLike;
}

/**
 * The post's tags: chips, suggestions and, for those who may, new tags. Its parts: the combobox's
 * state (`useTagsCombobox`), the chips (`TagChipsPart`) and the list (`TagChoicesPart`).
 */
export function TagsField({
  draft,
  edit,
  tags,
  isDisabled,
  canCreate,
  fetchFn = apiFetch,
}: TagsFieldProps) {
  const { t } = useTranslation();
  const combobox = useTagsCombobox({ draft, edit, tags, isDisabled, canCreate, fetchFn });
  const {
    id,
    inputRef,
    text,
    setText,
    setOpen,
    setActive,
    error,
    setError,
    isBusy,
    announcement,
    isFull,
    label,
    listId,
    optionId,
    isListShown,
    activeIndex,
    submitText,
    handleKeyDown,
  } = combobox;

  return (
    <section className="pe-section">
      <div className="pe-label-row">
        <label className="pe-label" htmlFor={`${id}-tag`}>
          {t('postEditorPage.panel.tags')}
        </label>
        <span className="pe-count">
          {t('postEditorPage.panel.tagsCount', { count: draft.tagIds.length, max: POST_TAGS_MAX })}
        </span>
      </div>
      <TagChipsPart draft={draft} edit={edit} isDisabled={isDisabled} combobox={combobox} />
      <div className="pe-tag-add">
        <div className="pe-combobox">
          <input
            ref={inputRef}
            id={`${id}-tag`}
            className="pe-input"
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={isListShown}
            aria-controls={listId}
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-tag-hint${error ? ` ${id}-tag-error` : ''}`}
            placeholder={t(
              canCreate
                ? 'postEditorPage.panel.tagsPlaceholderCreate'
                : 'postEditorPage.panel.tagsPlaceholder',
            )}
            value={text}
            maxLength={TAG_LABEL_MAX_LENGTH * 2}
            disabled={isDisabled || isFull || isBusy}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
              setError(null);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
            onKeyDown={handleKeyDown}
          />
          {/* The list is rendered even when closed so aria-controls always names an element. */}
          <TagChoicesPart combobox={combobox} />
        </div>
        <button
          type="button"
          className="button"
          disabled={isDisabled || isFull || isBusy || label === ''}
          onClick={submitText}
        >
          {isBusy
            ? t('postEditorPage.panel.tagsCreating')
            : t('postEditorPage.panel.tagsAddButton')}
        </button>
      </div>
      <p className="pe-hint" id={`${id}-tag-hint`}>
        {t(canCreate ? 'postEditorPage.panel.tagsHintCreate' : 'postEditorPage.panel.tagsHint')}
      </p>
      {error ? (
        <p className="pe-field-error" id={`${id}-tag-error`} role="alert">
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  );
}
