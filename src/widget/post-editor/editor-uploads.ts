/**
 * Upload placeholders (issue 4 "Writing"): while a file uploads, a "Uploading …" card stands where
 * the media will go. It is a ProseMirror widget decoration, not a node, so the document (and
 * what `onChange` saves) never holds a half-made block; edits around it move it along. When the
 * upload ends the card is removed and, on success, the media node is inserted where it stood.
 */
import { Extension } from '@tiptap/core';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

/** The plugin's key; its state is the set of placeholders. */
export const uploadPlaceholderKey = new PluginKey<DecorationSet>('uploadPlaceholders');

type Action = { add: { id: string; pos: number; label: string } } | { remove: { id: string } };

function placeholderElement(label: string): HTMLElement {
  const element = document.createElement('div');
  element.className = 'rte-uploading';
  element.setAttribute('role', 'status');
  element.contentEditable = 'false';
  const spinner = document.createElement('span');
  spinner.className = 'rte-uploading__spinner';
  spinner.setAttribute('aria-hidden', 'true');
  const text = document.createElement('span');
  text.textContent = label;
  element.append(spinner, text);
  return element;
}

/** The plugin holding the placeholders. */
export function uploadPlaceholderPlugin(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key: uploadPlaceholderKey,
    state: {
      init: () => DecorationSet.empty,
      apply(tr, set) {
        let next = set.map(tr.mapping, tr.doc);
        const action = tr.getMeta(uploadPlaceholderKey) as Action | undefined;
        if (action && 'add' in action) {
          const { id, pos, label } = action.add;
          const widget = Decoration.widget(pos, () => placeholderElement(label), { id, side: -1 });
          next = next.add(tr.doc, [widget]);
        } else if (action && 'remove' in action) {
          const { id } = action.remove;
          next = next.remove(next.find(undefined, undefined, (spec) => spec.id === id));
        }
        return next;
      },
    },
    props: {
      decorations: (state) => uploadPlaceholderKey.getState(state),
    },
  });
}

/** The extension holding the placeholders. */
export const UploadPlaceholders = Extension.create({
  name: 'uploadPlaceholders',
  addProseMirrorPlugins: () => [uploadPlaceholderPlugin()],
});

/** Adds a placeholder at `pos` (a position between blocks). */
export function addPlaceholder(
  tr: Transaction,
  id: string,
  pos: number,
  label: string,
): Transaction {
  return tr.setMeta(uploadPlaceholderKey, { add: { id, pos, label } } satisfies Action);
}

/** Removes a placeholder. */
export function removePlaceholder(tr: Transaction, id: string): Transaction {
  return tr.setMeta(uploadPlaceholderKey, { remove: { id } } satisfies Action);
}

/** Where a placeholder stands now, or null when the text around it was deleted. */
export function findPlaceholder(state: EditorState, id: string): number | null {
  const set = uploadPlaceholderKey.getState(state);
  const found = set?.find(undefined, undefined, (spec) => spec.id === id);
  return found && found.length > 0 ? found[0]!.from : null;
}
