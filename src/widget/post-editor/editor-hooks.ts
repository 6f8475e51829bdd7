/**
 * The rich-text editor's state that is not the document: the open dialog, and uploads with the
 * notice that reports them.
 */
import type { Editor } from '@tiptap/core';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { UploadErrorCode, UploadedMedia } from '../../domain/media-upload';
import { uploadProblem } from '../../domain/media-upload';
import type { BlockNode } from '../../rich-content/document';
import { useTranslation } from '../../rich-content/i18n';
import { ALT_PROMPT_TYPES, askForAlt } from './alt-prompt';
import type { EditorServices } from './editor-services';
import { addPlaceholder, findPlaceholder, removePlaceholder } from './editor-uploads';
import { type InsertItem, newNodeId, uploadedGalleryNode, uploadedNode } from './insert-blocks';
import { type InsertPoint, insertBlockTransaction } from './insert-commands';
import type { DialogRequest } from './insert-dialogs';
import type { OpenDialog } from './node-edits';

/** Inserts a block at a point, with focus in the editor. */
export function insertBlock(editor: Editor, node: BlockNode, point: InsertPoint): void {
  editor.view.dispatch(insertBlockTransaction(editor.state, node, point));
  editor.commands.focus();
}

export interface OpenedDialog {
  request: DialogRequest;
  onResult(result: unknown): void;
}

/** The dialog open over the editor, if any. */
export function useEditorDialogs(editor: Editor | null) {
  const [dialog, setDialog] = useState<OpenedDialog | null>(null);
  // The editor takes the focus back once the dialog has left the page. While a modal <dialog> is
  // open the rest of the page is inert: a focus asked for before React has removed it (the
  // editor's own focus waits only for the next frame, which a busy machine may draw first) is
  // lost, and the writer's next keys went nowhere (post-editor-blocks spec, under load).
  const isFocusDue = useRef(false);
  useEffect(() => {
    if (dialog || !isFocusDue.current) return;
    isFocusDue.current = false;
    const isLost = !document.activeElement || document.activeElement === document.body;
    if (isLost && editor && !editor.isDestroyed) editor.commands.focus();
  }, [dialog, editor]);
  const closeDialog = useCallback(() => {
    isFocusDue.current = true;
    setDialog(null);
    editor?.commands.focus();
  }, [editor]);
  const openDialog: OpenDialog = (request, onResult) =>
    setDialog({ request, onResult: onResult as (result: unknown) => void });
  /** Closes the dialog; its result moves the focus (the editor takes it if it was lost). */
  const dismissDialog = () => {
    isFocusDue.current = true;
    setDialog(null);
  };
  return { dialog, openDialog, closeDialog, dismissDialog };
}

export interface EditorNotice {
  message: string;
  isError: boolean;
}

/**
 * Uploads of the insert items: checked first, then sent through the editor's services while a
 * placeholder holds the block's place; the block replaces it, or the placeholder goes and a
 * notice says why.
 */
export function useEditorUploads(editor: Editor | null, services: RefObject<EditorServices>) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<EditorNotice | null>(null);

  function showUploadError(code: UploadErrorCode) {
    setNotice({ message: t(`postEditor.upload.codes.${code}`), isError: true });
  }

  async function runUpload(item: InsertItem, files: File[], point: InsertPoint) {
    if (!editor || item.action.kind !== 'upload' || files.length === 0) return;
    const kind = item.action.uploadKind;
    for (const file of files) {
      const problem = uploadProblem(kind, file);
      if (problem) {
        showUploadError(problem);
        editor.commands.focus();
        return;
      }
    }
    const id = newNodeId();
    const label =
      files.length === 1
        ? t('postEditor.upload.uploading', { name: files[0]!.name })
        : t('postEditor.upload.uploadingCount', { count: files.length });
    // A placeholder stands where the block goes; an empty paragraph there makes way for it.
    editor.view.dispatch(addPlaceholder(editor.state.tr, id, point.pos, label));
    setNotice(null);
    let uploads: UploadedMedia[];
    try {
      uploads = await Promise.all(files.map((file) => services.current.upload(file, kind)));
    } catch (error) {
      if (!editor.isDestroyed) editor.view.dispatch(removePlaceholder(editor.state.tr, id));
      showUploadError(services.current.uploadErrorCode(error));
      return;
    }
    if (editor.isDestroyed) return;
    const pos = findPlaceholder(editor.state, id);
    editor.view.dispatch(removePlaceholder(editor.state.tr, id));
    if (pos === null) return;
    const node = item.id === 'gallery' ? uploadedGalleryNode(uploads) : uploadedNode(uploads[0]!);
    // Issue 23: a picture is described right after it goes in; its prompt takes focus.
    if (ALT_PROMPT_TYPES.has(node.type)) askForAlt(editor, node.id);
    insertBlock(editor, node, { pos, replacesEmpty: point.replacesEmpty });
    setNotice({
      message: t('postEditor.upload.done', {
        name: files.length === 1 ? files[0]!.name : t(`postEditor.insert.${item.id}.label`),
      }),
      isError: false,
    });
  }

  return { notice, setNotice, runUpload };
}
