/** The parts of the editor's toolbar row: the block type select and the tools' buttons. */
import type { Editor } from '@tiptap/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../rich-content/i18n';
import { ToolButton } from './tool-button-part';
import { type BlockType, setBlockType } from './toolbar-commands';
import type { ToolItem } from './toolbar-items';
import type { ToolbarState } from './use-toolbar-state';

const BLOCK_TYPES: BlockType[] = ['paragraph', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/** The block type: paragraph or a heading level. Always in the row. */
export function BlockTypePart({ editor, state }: { editor: Editor; state: ToolbarState }) {
  const { t } = useTranslation();
  return (
    <div className="rte-toolbar__group rte-toolbar__group--start">
      <select
        className="rte-select"
        data-toolbar-item=""
        tabIndex={-1}
        aria-label={t('postEditor.toolbar.blockType')}
        value={state.blockType}
        onChange={(event) => setBlockType(editor, event.target.value as BlockType)}
        onKeyDown={(event) => {
          // Left and right move through the toolbar; up and down still choose in the list.
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') event.preventDefault();
        }}
      >
        {state.blockType === 'other' ? <option value="other">—</option> : null}
        {BLOCK_TYPES.map((type) => (
          <option key={type} value={type}>
            {type === 'paragraph'
              ? t('postEditor.toolbar.paragraph')
              : t('postEditor.toolbar.heading', { level: type.slice(1) })}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * One tool in the row (hidden, with its group, once it has gone to the More menu). A popup tool
 * (colour, size) is given its swatch and its panel by the toolbar.
 */
export function ToolPart({
  item,
  isHidden,
  isExpanded,
  buttonRef,
  swatch,
  panel,
}: {
  item: ToolItem;
  isHidden: boolean;
  isExpanded?: boolean;
  buttonRef?: React.RefObject<HTMLButtonElement | null>;
  swatch?: ReactNode;
  panel?: ReactNode;
}) {
  const { t } = useTranslation();
  const button = (
    <ToolButton
      label={t(`postEditor.toolbar.${item.labelKey}`)}
      icon={item.icon}
      shortcut={item.shortcut}
      isPressed={item.kind === 'popup' || item.kind === 'command' ? undefined : item.isOn === true}
      isDisabled={item.isDisabled}
      hasPopup={item.kind === 'popup'}
      isExpanded={isExpanded}
      buttonRef={buttonRef}
      onClick={item.run}
    >
      {swatch}
    </ToolButton>
  );
  return (
    <span className="rte-popup-anchor" data-tool={item.id} hidden={isHidden}>
      {button}
      {panel}
    </span>
  );
}
