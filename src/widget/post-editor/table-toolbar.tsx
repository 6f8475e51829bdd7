/**
 * The table bar (issue 4): while the caret is in a table, a second toolbar under the formatting
 * toolbar inserts rows above or below and columns before or after, deletes the row, the column or
 * the table, and turns the header row and header column on and off (SPEC §3 table data). It is a
 * `role="toolbar"` with one tab stop and arrow keys, like the formatting toolbar; Shift+Tab from
 * the first cell or Alt+F10 then Tab reaches it. Widths and heights follow the cells
 * (`table-commands`), so what the writer sees is what the post page draws.
 */
import type { ChainedCommands, Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from '../../rich-content/i18n';
import { tableHeaders, toggleTableHeaderTransaction } from './table-commands';
import { handleToolbarKey, useSingleTabStop } from './toolbar';

type TableAction =
  | 'rowAbove'
  | 'rowBelow'
  | 'columnBefore'
  | 'columnAfter'
  | 'deleteRow'
  | 'deleteColumn'
  | 'deleteTable';

const COMMANDS: Record<TableAction, (chain: ChainedCommands) => ChainedCommands> = {
  rowAbove: (chain) => chain.addRowBefore(),
  rowBelow: (chain) => chain.addRowAfter(),
  columnBefore: (chain) => chain.addColumnBefore(),
  columnAfter: (chain) => chain.addColumnAfter(),
  deleteRow: (chain) => chain.deleteRow(),
  deleteColumn: (chain) => chain.deleteColumn(),
  deleteTable: (chain) => chain.deleteTable(),
};

/** The bar's groups, each named by what its buttons act on (`postEditor.table.groups.*`). */
const GROUPS: { name: 'row' | 'column'; actions: TableAction[] }[] = [
  { name: 'row', actions: ['rowAbove', 'rowBelow', 'deleteRow'] },
  { name: 'column', actions: ['columnBefore', 'columnAfter', 'deleteColumn'] },
];

/** The table bar, shown only while the selection is in a table. */
export function TableToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const headers = tableHeaders(e.state);
      if (!headers || !e.isEditable) return null;
      return {
        ...headers,
        canDeleteRow: e.can().deleteRow(),
        canDeleteColumn: e.can().deleteColumn(),
      };
    },
  });
  useSingleTabStop(ref);
  if (!state) return null;

  const run = (action: TableAction) => COMMANDS[action](editor.chain().focus()).run();
  const toggleHeader = (which: 'rowHeader' | 'columnHeader') => {
    const tr = toggleTableHeaderTransaction(editor.state, which);
    if (tr) editor.view.dispatch(tr);
    editor.commands.focus();
  };
  const isDisabled = (action: TableAction) =>
    (action === 'deleteRow' && !state.canDeleteRow) ||
    (action === 'deleteColumn' && !state.canDeleteColumn);

  return (
    <div
      ref={ref}
      className="rte-table-bar"
      role="toolbar"
      aria-label={t('postEditor.table.label')}
      onKeyDown={handleToolbarKey}
    >
      <span className="rte-table-bar__title" aria-hidden="true">
        <span className="rte-icon rte-icon--table" />
      </span>
      {GROUPS.map(({ name, actions }) => (
        <Group key={name} label={t(`postEditor.table.groups.${name}`)}>
          {actions.map((action) => (
            <TableButton
              key={action}
              action={action}
              label={t(`postEditor.table.${action}.label`)}
              text={t(`postEditor.table.${action}.text`)}
              isDisabled={isDisabled(action)}
              onClick={() => run(action)}
            />
          ))}
        </Group>
      ))}
      <Group label={t('postEditor.table.groups.header')}>
        <TableButton
          action="headerRow"
          label={t('postEditor.table.headerRow.label')}
          text={t('postEditor.table.headerRow.text')}
          isPressed={state.rowHeader}
          onClick={() => toggleHeader('rowHeader')}
        />
        <TableButton
          action="headerColumn"
          label={t('postEditor.table.headerColumn.label')}
          text={t('postEditor.table.headerColumn.text')}
          isPressed={state.columnHeader}
          onClick={() => toggleHeader('columnHeader')}
        />
      </Group>
      <div className="rte-table-bar__group rte-table-bar__group--end">
        <TableButton
          action="deleteTable"
          label={t('postEditor.table.deleteTable.label')}
          text={t('postEditor.table.deleteTable.text')}
          isDanger
          onClick={() => run('deleteTable')}
        />
      </div>
    </div>
  );
}

/** A named group of the bar: its name shown before its buttons, and read out with them. */
function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; these are buttons.
    <div className="rte-table-bar__group" role="group" aria-label={label}>
      <span className="rte-table-bar__group-name" aria-hidden="true">
        {label}
      </span>
      {children}
    </div>
  );
}

function TableButton({
  action,
  label,
  text,
  isPressed,
  isDisabled,
  isDanger,
  onClick,
}: {
  action: string;
  label: string;
  text: string;
  isPressed?: boolean;
  isDisabled?: boolean;
  isDanger?: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      className={`rte-table-bar__button${isDanger ? ' is-danger' : ''}`}
      data-toolbar-item=""
      tabIndex={-1}
      // The visible text is part of the name (WCAG 2.5.3); the name says what the button does.
      aria-label={label}
      title={label}
      aria-pressed={isPressed}
      disabled={isDisabled}
      // Keep the editor's selection in its cell: a click must not take it away first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <span className={`rte-icon rte-icon--table-${action}`} aria-hidden="true" />
      <span className="rte-table-bar__text">{text}</span>
    </button>
  );
}
