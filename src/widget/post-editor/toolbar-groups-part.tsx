/** The groups of the editor's toolbar: block type, marks, lists, alignment, undo and redo. */
import type { Editor } from '@tiptap/core';
import type { TextAlignment } from '../../rich-content/document';
import { useTranslation } from '../../rich-content/i18n';
import { ToolButton } from './tool-button-part';
import { type BlockType, setAlignment, setBlockType } from './toolbar-commands';
import { ColorMenu, SizeMenu } from './toolbar-menus-part';
import type { ToolbarState } from './use-toolbar-state';

const BLOCK_TYPES: BlockType[] = ['paragraph', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const ALIGNMENTS: { value: TextAlignment; key: string }[] = [
  { value: 'LEFT', key: 'alignLeft' },
  { value: 'CENTER', key: 'alignCenter' },
  { value: 'RIGHT', key: 'alignRight' },
  { value: 'JUSTIFY', key: 'alignJustify' },
];

/** The props every group takes: the editor and what the toolbar shows of it. */
interface GroupProps {
  editor: Editor;
  state: ToolbarState;
}

const run = (editor: Editor, command: (e: Editor) => void) => () => command(editor);
const toggle = (
  label: string,
  isPressed: boolean,
  onClick: () => void,
  icon: string,
  shortcut?: string,
) => (
  <ToolButton
    label={label}
    isPressed={isPressed}
    onClick={onClick}
    icon={icon}
    shortcut={shortcut}
  />
);

/** The block type: paragraph or a heading level. */
export function BlockTypePart({ editor, state }: GroupProps) {
  const { t } = useTranslation();
  return (
    <div className="rte-toolbar__group">
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

/** Bold, italic, underline, spoiler, link, text colour and size. */
export function MarkGroupPart({ editor, state, onLink }: GroupProps & { onLink(): void }) {
  const { t } = useTranslation();
  return (
    <div className="rte-toolbar__group">
      {toggle(
        t('postEditor.toolbar.bold'),
        state.bold,
        run(editor, (e) => e.chain().focus().toggleBold().run()),
        'bold',
        'Ctrl+B',
      )}
      {toggle(
        t('postEditor.toolbar.italic'),
        state.italic,
        run(editor, (e) => e.chain().focus().toggleItalic().run()),
        'italic',
        'Ctrl+I',
      )}
      {toggle(
        t('postEditor.toolbar.underline'),
        state.underline,
        run(editor, (e) => e.chain().focus().toggleUnderline().run()),
        'underline',
        'Ctrl+U',
      )}
      {toggle(
        t('postEditor.toolbar.spoiler'),
        state.spoiler,
        run(editor, (e) => e.chain().focus().toggleMark('spoiler').run()),
        'spoiler',
      )}
      {toggle(t('postEditor.toolbar.link'), state.link, onLink, 'link', 'Ctrl+K')}
      <ColorMenu editor={editor} current={state.color} />
      <SizeMenu editor={editor} current={state.fontSize} />
    </div>
  );
}

/** Bulleted and numbered lists, quote and code block. */
export function BlockGroupPart({ editor, state }: GroupProps) {
  const { t } = useTranslation();
  return (
    <div className="rte-toolbar__group">
      {toggle(
        t('postEditor.toolbar.bulletedList'),
        state.bulletList,
        run(editor, (e) => e.chain().focus().toggleBulletList().run()),
        'bulletedList',
      )}
      {toggle(
        t('postEditor.toolbar.orderedList'),
        state.orderedList,
        run(editor, (e) => e.chain().focus().toggleOrderedList().run()),
        'orderedList',
      )}
      {toggle(
        t('postEditor.toolbar.quote'),
        state.blockquote,
        run(editor, (e) => e.chain().focus().toggleBlockquote().run()),
        'quote',
      )}
      {toggle(
        t('postEditor.toolbar.codeBlock'),
        state.codeBlock,
        run(editor, (e) => e.chain().focus().toggleCodeBlock().run()),
        'codeBlock',
      )}
    </div>
  );
}

/** The text alignments (pressing the active one goes back to automatic). */
export function AlignGroupPart({ editor, state }: GroupProps) {
  const { t } = useTranslation();
  return (
    <div className="rte-toolbar__group">
      {ALIGNMENTS.map(({ value, key }) =>
        toggle(
          t(`postEditor.toolbar.${key}`),
          state.alignment === value,
          () => setAlignment(editor, state.alignment === value ? 'AUTO' : value),
          `align-${value.toLowerCase()}`,
        ),
      )}
    </div>
  );
}

/** Undo and redo. */
export function HistoryGroupPart({ editor, state }: GroupProps) {
  const { t } = useTranslation();
  return (
    <div className="rte-toolbar__group">
      <ToolButton
        label={t('postEditor.toolbar.undo')}
        icon="undo"
        shortcut="Ctrl+Z"
        isDisabled={!state.canUndo}
        onClick={run(editor, (e) => e.chain().focus().undo().run())}
      />
      <ToolButton
        label={t('postEditor.toolbar.redo')}
        icon="redo"
        shortcut="Ctrl+Shift+Z"
        isDisabled={!state.canRedo}
        onClick={run(editor, (e) => e.chain().focus().redo().run())}
      />
    </div>
  );
}
