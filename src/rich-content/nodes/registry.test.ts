/**
 * The registries are typed against every node type, so a missing part fails to compile; these
 * tests hold the same at run time (no cast hides a gap) and check the parts agree.
 */
import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from '../model/nodes';
import { EDITOR_PARTS, PREVIEW_NODE_TYPES } from './editor-registry';
import { NODES } from './registry';
import { RENDERERS } from './render-registry';

const sorted = (keys: Iterable<string>) => [...keys].sort();

describe('the node registries (issue 16)', () => {
  it('name every node type of the model, and only those', () => {
    const types = sorted(NODE_TYPES);
    expect(sorted(Object.keys(NODES))).toEqual(types);
    expect(sorted(Object.keys(RENDERERS))).toEqual(types);
    expect(sorted(Object.keys(EDITOR_PARTS))).toEqual(types);
  });

  it('give each type a schema of its own type, a renderer and an editor node', () => {
    for (const type of NODE_TYPES) {
      const shape = (NODES[type].schema as unknown as { shape: { type: { value: string } } }).shape;
      expect(shape.type.value, type).toBe(type);
      expect(typeof RENDERERS[type], type).toBe('function');
      const part = EDITOR_PARTS[type];
      expect(part.extension.name, type).toBe(type === 'TEXT' ? 'text' : part.spec?.name);
    }
  });

  it('show media, embeds and interactive blocks as previews, captioned media with captions', () => {
    expect(PREVIEW_NODE_TYPES).toEqual({
      VIDEO: true,
      DIVIDER: false,
      FILE: false,
      GALLERY: false,
      GIF: true,
      HTML: false,
      IMAGE: true,
      LINK_PREVIEW: false,
      MAP: false,
      POLL: false,
      APP_EMBED: false,
      BUTTON: false,
      EMBED: false,
      AUDIO: true,
    });
  });
});
