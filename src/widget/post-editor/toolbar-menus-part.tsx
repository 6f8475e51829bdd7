/** The toolbar's text colour and size menus. */
import type { Editor } from '@tiptap/core';
import { useTranslation } from '../../rich-content/i18n';
import { ToolButton } from './tool-button-part';
import { FONT_SIZES, TEXT_COLORS } from './toolbar-commands';
import { useToolbarPopup } from './use-toolbar-popup';

/** The text colour: the default, or one of `TEXT_COLORS`. */
export function ColorMenu({ editor, current }: { editor: Editor; current: string | undefined }) {
  const { t } = useTranslation();
  const popup = useToolbarPopup();
  const label = t('postEditor.toolbar.textColor');
  return (
    <span className="rte-popup-anchor">
      <ToolButton
        label={label}
        icon="color"
        hasPopup
        isExpanded={popup.isOpen}
        buttonRef={popup.buttonRef}
        onClick={() => popup.setIsOpen(!popup.isOpen)}
      >
        <span className="rte-tool__swatch" style={{ background: current ?? 'currentColor' }} />
      </ToolButton>
      {popup.isOpen ? (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; these are buttons.
        <div
          ref={popup.popupRef}
          className="rte-popup rte-popup--colors"
          role="group"
          aria-label={label}
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
      ) : null}
    </span>
  );
}

/** The font size: the default, or one of `FONT_SIZES`. */
export function SizeMenu({ editor, current }: { editor: Editor; current: number | undefined }) {
  const { t } = useTranslation();
  const popup = useToolbarPopup();
  const label = t('postEditor.toolbar.fontSize');
  return (
    <span className="rte-popup-anchor">
      <ToolButton
        label={label}
        icon="size"
        hasPopup
        isExpanded={popup.isOpen}
        buttonRef={popup.buttonRef}
        onClick={() => popup.setIsOpen(!popup.isOpen)}
      />
      {popup.isOpen ? (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; these are buttons.
        <div
          ref={popup.popupRef}
          className="rte-popup rte-popup--sizes"
          role="group"
          aria-label={label}
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
      ) : null}
    </span>
  );
}
