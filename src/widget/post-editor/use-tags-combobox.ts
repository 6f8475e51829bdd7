/**
 * The tag field's combobox (WAI-ARIA 1.2, list autocomplete): the text typed, the suggestions
 * (the blog's tags matching it and, for a writer who may, "Create tag “x”"), the highlighted
 * entry, and adding or creating a tag. The label rules and the matching are the domain's
 * (`domain/tags`), as on the server.
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
import { useTranslation } from '../i18n';
import type { PostDraft } from './autosave';
import { createTag } from './page-api';
import type { TagsFieldProps } from './tags-field';

/** A tag the field knows: the blog's, or one created here. */
export type KnownTag = Pick<EditorTagView, 'id' | 'label'>;

/** One entry of the list: an existing tag, or the offer to create one. */
export type Choice = { kind: 'tag'; tag: KnownTag } | { kind: 'create'; label: string };

/**
 * The tags the field knows (the blog's and those created here) and the list's entries for the
 * typed text: matching tags not chosen yet and, for a writer who may, "Create tag “x”".
 */
function useTagChoices(
  tags: readonly KnownTag[],
  created: KnownTag[],
  text: string,
  draft: PostDraft,
  canCreate: boolean,
) {
  const known = useMemo(() => [...tags, ...created], [tags, created]);
  const byId = useMemo(() => new Map(known.map((tag) => [tag.id, tag])), [known]);
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
  return { known, byId, label, choices };
}

/** The combobox's state and actions for `TagsField`. */
export function useTagsCombobox({
  draft,
  edit,
  tags,
  isDisabled,
  canCreate,
  fetchFn,
}: Required<TagsFieldProps>) {
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

  const { known, byId, label, choices } = useTagChoices(tags, created, text, draft, canCreate);
  const isFull = draft.tagIds.length >= POST_TAGS_MAX;
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

  return {
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
    setAnnouncement,
    byId,
    isFull,
    label,
    choices,
    listId,
    optionId,
    isListShown,
    activeIndex,
    choose,
    submitText,
    handleKeyDown,
  };
}

/** What `useTagsCombobox` gives the field's parts. */
export type TagsCombobox = ReturnType<typeof useTagsCombobox>;
