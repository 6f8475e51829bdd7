import { describe, expect, it } from 'vitest';
import { prepublishFindings } from '../../domain/prepublish-checks';
import { toEditorJson } from '../../rich-content/editor/convert';
import { getRichContentSchema } from '../../rich-content/editor/extensions';
import {
  documentOf,
  gallery,
  heading,
  image,
  layout,
  list,
  paragraph,
  text,
} from '../../rich-content/model/builders';
import { positionOfPath } from './prepublish-focus';

const MEDIA = { id: '0b6f8a3e-2c1d-4e5f-9a7b-1c2d3e4f5a6b', width: 10, height: 10 };

/** The editor's document of a stored one, as the editor holds it. */
const editorDocOf = (doc: ReturnType<typeof documentOf>) =>
  getRichContentSchema().nodeFromJSON(toEditorJson(doc));

describe('positionOfPath', () => {
  it('finds, in the editor, the block each finding of the stored document names', () => {
    const stored = documentOf([
      paragraph('Intro'),
      image(MEDIA),
      list('bulleted', ['one', 'two']),
      layout([{ nodes: [paragraph('left')] }, { nodes: [heading(4, 'Deep'), image(MEDIA)] }]),
      gallery([MEDIA, MEDIA]),
    ]);
    const editorDoc = editorDocOf(stored);
    const found = prepublishFindings(stored).map((finding) => {
      const pos = positionOfPath(editorDoc, finding.path);
      return [finding.kind, pos === null ? null : editorDoc.nodeAt(pos)?.type.name];
    });
    expect(found).toEqual([
      ['image-alt', 'image'],
      ['heading-skip', 'heading'],
      ['image-alt', 'image'],
      ['gallery-alt', 'gallery'],
      ['gallery-alt', 'gallery'],
    ]);
  });

  it('finds a text block inside a list, and nothing for a path that is not there', () => {
    const stored = documentOf([
      paragraph('a'),
      list('bulleted', ['one', 'two']),
      paragraph(text('b')),
    ]);
    const editorDoc = editorDocOf(stored);
    const pos = positionOfPath(editorDoc, [1, 1, 0]);
    expect(pos === null ? null : editorDoc.nodeAt(pos)?.textContent).toBe('two');
    expect(positionOfPath(editorDoc, [5])).toBeNull();
    expect(positionOfPath(editorDoc, [1, 7])).toBeNull();
    expect(positionOfPath(editorDoc, [])).toBeNull();
  });
});
