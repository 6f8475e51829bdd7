/**
 * The toolbar's text colour and size panels. The toolbar owns their state (`useToolbarPopup`), so
 * a panel opens under its own button or, when that tool sits in the More menu, under More.
 */
import type { Editor } from '@tiptap/core';
import { useTranslation } from '../../rich-content/i18n';
import { FONT_SIZES, TEXT_COLORS } from './toolbar-commands';
import type { ToolbarPopup } from './use-toolbar-popup';

/** The text colour panel: the default, or one of `TEXT_COLORS`. */
export function ColorPopup({
  editor,
  current,
  popup,
}: {
  editor: Editor;
  current: string | undefined;
  popup: ToolbarPopup;
}) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; these are buttons.
    <div
      ref={popup.popupRef}
      className="rte-popup rte-popup--colors"
      role="group"
      aria-label={t('postEditor.toolbar.textColor')}
      onKeyDown={popup.onKeyDown}
    >
      <button
        type="button"
        className="rte-popup__wide"
        onClick={() => {
          editor.chain().focus().unsetMark('color').run();
          popup.close(false);
        }}
      >
        {t('postEditor.toolbar.defaultColor')}
      </button>
      {TEXT_COLORS.map(({ name, value }) => (
        <button
          key={name}
          type="button"
          className="rte-swatch"
          style={{ background: value }}
          aria-label={t(`postEditor.colors.${name}`)}
          aria-pressed={current === value}
          title={t(`postEditor.colors.${name}`)}
          onClick={() => {
            editor
              .chain()
              .focus()
              .setMark('color', { colorData: { foreground: value } })
              .run();
            popup.close(false);
          }}
        />
      ))}
    </div>
  );
}

/** The font size panel: the default, or one of `FONT_SIZES`. */
export function SizePopup({
  editor,
  current,
  popup,
}: {
  editor: Editor;
  current: number | undefined;
  popup: ToolbarPopup;
}) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; these are buttons.
    <div
      ref={popup.popupRef}
      className="rte-popup rte-popup--sizes"
      role="group"
      aria-label={t('postEditor.toolbar.fontSize')}
      onKeyDown={popup.onKeyDown}
    >
      <button
        type="button"
        aria-pressed={current === undefined}
        onClick={() => {
          editor.chain().focus().unsetMark('fontSize').run();
          popup.close(false);
        }}
      >
        {t('postEditor.toolbar.defaultSize')}
      </button>
      {FONT_SIZES.map((size) => (
        <button
          key={size}
          type="button"
          aria-pressed={current === size}
          onClick={() => {
            editor
              .chain()
              .focus()
              .setMark('fontSize', { fontSizeData: { unit: 'PX', value: size } })
              .run();
            popup.close(false);
          }}
        >
          {t('postEditor.toolbar.sizePx', { size })}
        </button>
      ))}
    </div>
  );
}
