/** The tag field's list of suggestions (the combobox's listbox). */
import { useTranslation } from '../i18n';
import type { TagsCombobox } from './use-tags-combobox';

/** The listbox; rendered even when closed so `aria-controls` always names an element. */
export function TagChoicesPart({ combobox }: { combobox: TagsCombobox }) {
  const { t } = useTranslation();
  const { listId, isListShown, choices, optionId, activeIndex, setActive, choose } = combobox;
  return (
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
  );
}
