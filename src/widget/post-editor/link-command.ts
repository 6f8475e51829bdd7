/**
 * The link dialog's command (Ctrl+K and the toolbar's link button): sets, changes or removes the
 * link on the selection, or inserts the address as linked text when nothing is selected.
 */
import type { Editor } from '@tiptap/core';
import { completeUrl } from './editor-validation';
import type { OpenDialog } from './node-edits';

/** Opens the link dialog for the selection; `done` closes it before the change. */
export function openLinkDialog(editor: Editor, openDialog: OpenDialog, done: () => void): void {
  const attrs = editor.getAttributes('link') as {
    href?: string;
    linkData?: { link?: { target?: string } };
  };
  const hasLink = editor.isActive('link');
  openDialog(
    {
      kind: 'link',
      hasLink,
      initial: {
        url: attrs.href ?? '',
        openInNewTab: attrs.linkData?.link?.target === 'BLANK',
      },
    },
    (result) => {
      done();
      const chain = editor.chain().focus().extendMarkRange('link');
      if (result === null) {
        chain.unsetLink().run();
        return;
      }
      const url = completeUrl(result.url);
      const linkData = {
        link: {
          url,
          target: result.openInNewTab ? 'BLANK' : 'SELF',
          ...(result.openInNewTab && { rel: { noreferrer: true } }),
        },
      };
      if (editor.state.selection.empty && !hasLink) {
        chain
          .insertContent({
            type: 'text',
            text: url,
            marks: [{ type: 'link', attrs: { href: url, linkData } }],
          })
          .run();
      } else {
        chain.setMark('link', { href: url, linkData }).run();
      }
    },
  );
}
