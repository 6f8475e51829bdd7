import { describe, expect, it } from 'vitest';
import { NODE_TYPES, type RichNode } from '../../rich-content/document';
import { kitchenSinkDocument } from './kitchen-sink.server';

const photo = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  width: 1200,
  height: 800,
  alt: `Photo ${n}`,
});

function typesIn(nodes: readonly RichNode[], found = new Set<string>()): Set<string> {
  for (const node of nodes) {
    found.add(node.type);
    typesIn((node.nodes ?? []) as RichNode[], found);
  }
  return found;
}

describe('the kitchen-sink post', () => {
  const document = kitchenSinkDocument(
    {
      photos: [1, 2, 3, 4, 5, 6].map(photo),
      event: photo(8),
      video: {
        url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        title: 'A film',
        thumbnail: photo(7),
      },
    },
    new Date('2026-01-01T00:00:00Z'),
  );

  it('holds every node type of SPEC §3', () => {
    expect([...typesIn(document.nodes)].sort()).toEqual([...NODE_TYPES].sort());
  });

  it('uses every decoration', () => {
    const decorations = new Set<string>();
    const visit = (nodes: readonly RichNode[]) => {
      for (const node of nodes) {
        if (node.type === 'TEXT')
          for (const d of node.textData.decorations ?? []) decorations.add(d.type);
        visit((node.nodes ?? []) as RichNode[]);
      }
    };
    visit(document.nodes);
    expect([...decorations].sort()).toEqual(
      [
        'ANCHOR',
        'BOLD',
        'COLOR',
        'FONT_SIZE',
        'ITALIC',
        'LINK',
        'MENTION',
        'SPOILER',
        'UNDERLINE',
      ].sort(),
    );
  });

  // Issue 23: the event card showed a pale photo of the post's own set, which read as an empty frame.
  it('gives the event card a picture of its own', () => {
    const event = document.nodes.find((node) => node.type === 'APP_EMBED');
    expect(event?.type === 'APP_EMBED' && event.appEmbedData.image?.src).toEqual({
      id: photo(8).id,
    });
  });
});
