/**
 * The tag field of the editor's side panel (issue 4): chips for the post's tags, and a combobox
 * (WAI-ARIA 1.2, list autocomplete) that suggests the blog's tags as the writer types and, for a
 * writer who may create tags (SPEC §6 `tag:create`), offers "Create tag “x”" for a new label.
 * Arrow keys move through the list, Enter chooses, Escape closes it; a click works the same.
 * The label rules and the matching are the domain's (`domain/tags`), as on the server.
 */
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { POST_TAGS_MAX } from '../../domain/post-editor';
import {
  type EditorTagView,
  findTagByLabel,
  normalizeTagLabel,
  suggestTags,
  TAG_LABEL_MAX_LENGTH,
  tagLabelProblem,
} from '../../domain/tags';
import { apiFetch } from '../api-client';
import { useTranslation } from '../i18n';
import type { PostDraft } from './autosave';
import { createTag, type FetchLike } from './page-api';

/** A tag the field knows: the blog's, or one created here. */
type KnownTag = Pick<EditorTagView, 'id' | 'label'>;

/** One entry of the list: an existing tag, or the offer to create one. */
type Choice = { kind: 'tag'; tag: KnownTag } | { kind: 'create'; label: string };

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

/** The post's tags: chips, suggestions and, for those who may, new tags. */
export function TagsField({
  draft,
  edit,
  tags,
  isDisabled,
  canCreate,
  fetchFn = apiFetch,
}: TagsFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [created, setCreated] = useState<KnownTag[]>([]);
  const [text, setText] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const known = useMemo(() => [...tags, ...created], [tags, created]);
  const byId = useMemo(() => new Map(known.map((tag) => [tag.id, tag])), [known]);
  const isFull = draft.tagIds.length >= POST_TAGS_MAX;
  const chosen = useMemo(() => new Set(draft.tagIds), [draft.tagIds]);
  const label = normalizeTagLabel(text);
  const choices = useMemo<Choice[]>(() => {
    const list: Choice[] = suggestTags(known, label, chosen).map((tag) => ({ kind: 'tag', tag }));
    const isNewLabel = label !== '' && !findTagByLabel(known, label);
    if (canCreate && isNewLabel && tagLabelProblem(label) === null) {
      list.push({ kind: 'create', label });
    }
    return list;
  }, [known, label, chosen, canCreate]);
  const listId = `${id}-tag-list`;
  const optionId = (index: number) => `${id}-tag-option-${index}`;
  const isListShown = isOpen && !isDisabled && !isFull && choices.length > 0;

  function reset(message: string) {
    setText('');
    setActive(-1);
    setError(null);
    setAnnouncement(message);
  }

  function add(tag: KnownTag) {
    if (!draft.tagIds.includes(tag.id)) edit({ tagIds: [...draft.tagIds, tag.id] });
    reset(t('postEditorPage.panel.tagsAdded', { tag: tag.label }));
  }

  async function create(wanted: string) {
    const problem = tagLabelProblem(wanted);
    if (problem) {
      setError(t(`postEditorPage.panel.tagsProblems.${problem}`, { max: TAG_LABEL_MAX_LENGTH }));
      return;
    }
    setBusy(true);
    setOpen(false);
    try {
      const result = await createTag(fetchFn, normalizeTagLabel(wanted));
      if (result.kind === 'ok') {
        if (!byId.has(result.tag.id)) setCreated((list) => [...list, result.tag]);
        if (!draft.tagIds.includes(result.tag.id)) {
          edit({ tagIds: [...draft.tagIds, result.tag.id] });
        }
        reset(t('postEditorPage.panel.tagsCreated', { tag: result.tag.label }));
      } else if (result.kind === 'refused' && result.fields.label) {
        setError(t('postEditorPage.panel.tagsProblems.invalid'));
      } else if (result.kind === 'refused' && (result.status === 401 || result.status === 403)) {
        setError(t('postEditorPage.panel.tagsProblems.notAllowed'));
      } else {
        setError(t('postEditorPage.panel.tagsProblems.failed'));
      }
    } finally {
      setBusy(false);
      inputRef.current?.focus();
    }
  }

  function choose(choice: Choice) {
    if (choice.kind === 'tag') add(choice.tag);
    else void create(choice.label);
  }

  /** Enter or Add without a highlighted entry: the tag of that label, or a new one. */
  function submitText() {
    if (label === '') return;
    const existing = findTagByLabel(known, label);
    if (existing) {
      add(existing);
      return;
    }
    if (canCreate) {
      void create(label);
      return;
    }
    setError(t('postEditorPage.panel.tagsUnknown', { tag: label }));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isListShown) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : choices.length - 1);
        return;
      }
      // Past either end the highlight goes back to the text (-1), as in a search field.
      const last = choices.length - 1;
      if (event.key === 'ArrowDown') setActive((index) => (index >= last ? -1 : index + 1));
      else setActive((index) => (index === -1 ? last : index - 1));
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      const choice = isListShown && active >= 0 ? choices[active] : undefined;
      if (choice) choose(choice);
      else submitText();
      return;
    }
    if (event.key === 'Escape' && isListShown) {
      // The list closes; the settings sheet (which also closes on Escape) stays.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  }

  const activeIndex = active >= 0 && active < choices.length ? active : -1;

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
      {draft.tagIds.length > 0 ? (
        <ul className="pe-chips">
          {draft.tagIds.map((tagId) => {
            const tagLabel = byId.get(tagId)?.label ?? tagId;
            return (
              <li key={tagId} className="pe-chip">
                <span>{tagLabel}</span>
                <button
                  type="button"
                  className="pe-chip__remove"
                  aria-label={t('postEditorPage.panel.tagsRemove', { tag: tagLabel })}
                  disabled={isDisabled}
                  onClick={() => {
                    edit({ tagIds: draft.tagIds.filter((x) => x !== tagId) });
                    setAnnouncement(t('postEditorPage.panel.tagsRemoved', { tag: tagLabel }));
                  }}
                >
                  <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
                    <path
                      d="M6 6l12 12M18 6L6 18"
                      stroke="currentColor"
                      strokeWidth="2.5"
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
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
          <div
            id={listId}
            className="pe-combobox__list"
            role="listbox"
            aria-label={t('postEditorPage.panel.tagsSuggestions')}
            hidden={!isListShown}
          >
            {isListShown
              ? choices.map((choice, index) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: keys act on the combobox (aria-activedescendant).
                  // biome-ignore lint/a11y/useFocusableInteractive: options are pointed at with aria-activedescendant.
                  <div
                    key={choice.kind === 'tag' ? choice.tag.id : `create:${choice.label}`}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    className={`pe-combobox__option${choice.kind === 'create' ? ' is-create' : ''}`}
                    // Keep focus in the field: a click must not blur it first.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActive(index)}
                    onClick={() => choose(choice)}
                  >
                    {choice.kind === 'tag' ? (
                      choice.tag.label
                    ) : (
                      <>
                        <span className="pe-combobox__plus" aria-hidden="true">
                          +
                        </span>
                        {t('postEditorPage.panel.tagsCreate', { tag: choice.label })}
                      </>
                    )}
                  </div>
                ))
              : null}
          </div>
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
