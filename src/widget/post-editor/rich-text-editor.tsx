/**
 * The writer's rich-text editor (issue 4 "Writing"): TipTap 3 over the rich-content schema
 * (`rich-content/editor/extensions.ts`); what goes in and comes out is our document (SPEC §3),
 * converted with `toEditorJson` / `fromEditorJson`. Only the editor page imports this module,
 * lazily, so none of it reaches the reader's pages.
 */
import './editor-messages';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor } from '@tiptap/react';
import { useRef } from 'react';
import type { UploadedMedia, UploadKind } from '../../domain/media-upload';
import type { RichDocument } from '../../rich-content/document';
import { fromEditorJson, toEditorJson } from '../../rich-content/editor/convert';
import { richContentExtensions } from '../../rich-content/editor/extensions';
import { useTranslation } from '../../rich-content/i18n';

export interface RichTextEditorProps {
  /** The document to start from (a new post gets an empty document). Read once, on mount. */
  initialDocument: RichDocument;
  /** Called (debounced by the page, not here) with the whole document after every change. */
  onChange(document: RichDocument): void;
  /** Uploads a file (the page passes the real uploader; tests pass a fake). */
  upload(file: File, kind: UploadKind): Promise<UploadedMedia>;
  /** Id of the element that labels the editing area (the post title field). */
  labelledBy?: string;
}

/** The rich-text editor of a post: toolbar, slash menu, insert dialogs and node views. */
export default function RichTextEditor(props: RichTextEditorProps): React.JSX.Element {
  const { t } = useTranslation();
  const envelope = useRef({
    metadata: props.initialDocument.metadata,
    documentStyle: props.initialDocument.documentStyle,
  });
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      ...richContentExtensions,
      Placeholder.configure({ placeholder: t('postEditor.placeholder') }),
    ],
    content: toEditorJson(props.initialDocument),
    editorProps: {
      attributes: {
        class: 'rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(props.labelledBy
          ? { 'aria-labelledby': props.labelledBy }
          : { 'aria-label': t('postEditor.editingArea') }),
      },
    },
    onUpdate: ({ editor: current }) => {
      onChange.current(fromEditorJson(current.getJSON(), envelope.current));
    },
  });
  return (
    <div className="rte">
      <EditorContent editor={editor} />
    </div>
  );
}
