/** The tag field's chips: the post's tags, each with its remove button. */
import { useTranslation } from '../i18n';
import type { PostDraft } from './autosave';
import type { TagsCombobox } from './use-tags-combobox';

/** The chips of the post's tags (nothing when it has none). */
export function TagChipsPart({
  draft,
  edit,
  isDisabled,
  combobox,
}: {
  draft: PostDraft;
  edit(patch: Partial<PostDraft>): void;
  isDisabled: boolean;
  combobox: TagsCombobox;
}) {
  const { t } = useTranslation();
  const { byId, setAnnouncement } = combobox;
  if (draft.tagIds.length === 0) return null;
  return (
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
  );
}
