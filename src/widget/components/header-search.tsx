/**
 * The desktop header's search (SPEC §4 "Header search: collapsed/expanded; Escape clears; Enter
 * or clicking the expanded icon submits"). Collapsed it is an icon button; a click expands it and
 * moves focus to the input. Submitting goes to the search page by client-side navigation.
 */
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { searchUrl } from '../../domain/routes';
import { useTranslation } from '../i18n';
import { CloseIcon, SearchIcon } from './icons';

/** The header search: an icon button that expands into a search field. */
export function HeaderSearch({ base }: { base: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [isExpanded, setExpanded] = useState(false);
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // Escape and the close button give focus back to the icon; focus that left on its own stays.
  const collapse = (refocus: boolean) => {
    setText('');
    setExpanded(false);
    if (refocus) toggle.current?.focus();
  };

  return (
    <form
      className="header-search"
      data-expanded={isExpanded ? '' : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        const query = text.trim();
        collapse(false);
        void navigate(searchUrl(base, query === '' ? undefined : query));
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !isExpanded) return;
        event.preventDefault();
        collapse(true);
      }}
      onBlur={(event) => {
        // Focus left the search: an empty field folds back into its icon.
        const next = event.relatedTarget as Node | null;
        if (isExpanded && text.trim() === '' && !event.currentTarget.contains(next)) {
          collapse(false);
        }
      }}
    >
      {/* Collapsed, the icon expands the field; expanded, the same icon submits it. */}
      <button
        ref={toggle}
        type={isExpanded ? 'submit' : 'button'}
        className="header-icon-button header-search__toggle"
        aria-label={t(isExpanded ? 'header.searchSubmit' : 'header.search')}
        aria-expanded={isExpanded}
        aria-controls={inputId}
        onClick={(event) => {
          if (isExpanded) return;
          // The re-render makes this a submit button: keep this click from submitting.
          event.preventDefault();
          flushSync(() => setExpanded(true));
          input.current?.focus();
        }}
      >
        <SearchIcon />
      </button>
      <input
        ref={input}
        id={inputId}
        type="search"
        className="header-search__input"
        name="q"
        hidden={!isExpanded}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('header.searchPlaceholder')}
        aria-label={t('header.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
      />
      {isExpanded ? (
        <button
          type="button"
          className="header-icon-button header-search__close"
          aria-label={t('header.searchClose')}
          onClick={() => collapse(true)}
        >
          <CloseIcon />
        </button>
      ) : null}
    </form>
  );
}
