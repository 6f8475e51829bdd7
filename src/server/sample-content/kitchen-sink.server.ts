/**
 * The demo blog's "kitchen sink" post: one of every rich-content node type and decoration
 * (SPEC §3), in a post that reads like a real guide to what a post can hold. It is how the
 * renderers are looked at in a browser and tested end to end. Media are the seed's own images;
 * audio, PDF and GIF sources that a demo cannot generate point at stable public addresses.
 */
import {
  type BlockNode,
  button,
  caption,
  codeBlock,
  collapsibleList,
  divider,
  embed,
  gallery,
  heading,
  image,
  layout,
  list,
  paragraph,
  parseDocument,
  type RichDocument,
  table,
  text,
  video,
} from '../../rich-content/document';
import { mediaUrl } from '../media/storage.server';

/** A stored demo image. */
export interface KitchenSinkImage {
  id: string;
  width: number;
  height: number;
  alt?: string;
}

export interface KitchenSinkMedia {
  /** At least six stored photos. */
  photos: readonly KitchenSinkImage[];
  /** The event card's picture. */
  event: KitchenSinkImage;
  /** A video thumbnail and the video it belongs to. */
  video: { url: string; title: string; thumbnail: KitchenSinkImage };
}

let counter = 0;
/** Ids for nodes built here as literals (the builders number their own). */
function id(): string {
  counter += 1;
  return `ks${counter}`;
}

function mediaOf(photo: KitchenSinkImage) {
  return { src: { id: photo.id }, width: photo.width, height: photo.height };
}

/** The nodes of the post; validated by `kitchenSinkDocument`. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a data literal (the sample post with one of every node type, SPEC §3), not logic
function kitchenSinkNodes(media: KitchenSinkMedia): BlockNode[] {
  const [first, second, third, fourth, fifth, sixth] = media.photos as [
    KitchenSinkImage,
    KitchenSinkImage,
    KitchenSinkImage,
    KitchenSinkImage,
    KitchenSinkImage,
    KitchenSinkImage,
  ];
  const thumbnail = media.video.thumbnail;
  const figure = image(first, { altText: first.alt ?? 'A photo from the demo blog' });
  figure.nodes = [caption('Every image can carry a caption, and opens larger when clicked.')];

  return [
    paragraph(
      'This post is a tour of everything a post on this blog can hold. Text can be ',
      text('bold', [{ type: 'BOLD', fontWeightValue: 700 }]),
      ', ',
      text('italic', [{ type: 'ITALIC', italicData: true }]),
      ', ',
      text('underlined', [{ type: 'UNDERLINE', underlineData: true }]),
      ', ',
      text('coloured', [{ type: 'COLOR', colorData: { foreground: '#b4232c' } }]),
      ', ',
      text('highlighted', [{ type: 'COLOR', colorData: { background: '#fff3b0' } }]),
      ', ',
      text('larger', [{ type: 'FONT_SIZE', fontSizeData: { unit: 'PX', value: 24 } }]),
      ' or ',
      text('a spoiler you reveal', [{ type: 'SPOILER', spoilerData: { id: 'ending' } }]),
      '. Links go ',
      text('to other sites', [
        {
          type: 'LINK',
          linkData: {
            link: { url: 'https://www.w3.org/WAI/', target: 'BLANK', rel: { noreferrer: true } },
          },
        },
      ]),
      ' or ',
      text('to a section below', [{ type: 'ANCHOR', anchorData: { anchor: 'tables' } }]),
      ', and members such as ',
      // A seeded member (sample-content/content.ts), so the mention leads to a real profile.
      text('@Sofia Marchetti', [
        { type: 'MENTION', mentionData: { name: 'Sofia Marchetti', slug: 'sofia-marchetti' } },
      ]),
      ' are mentioned by name. Hashtags such as #kitchensink link to their feed.',
    ),
    heading(2, 'Headings, lists and quotes'),
    heading(3, 'A third-level heading'),
    list('bulleted', ['Bulleted lists for things in no order', 'Like a packing list']),
    list('ordered', ['Numbered lists for steps', 'In the order they happen']),
    {
      type: 'BLOCKQUOTE',
      id: id(),
      nodes: [paragraph('A quote stands apart from the text around it, as a pull quote does.')],
    },
    codeBlock(
      [
        'function readingTime(words: number, wordsPerMinute = 200): number {',
        '  // Round up: a 30-second read is still a one-minute read.',
        '  return Math.max(1, Math.ceil(words / wordsPerMinute));',
        '}',
      ].join('\n'),
    ),
    divider('DASHED'),
    heading(2, 'Images, galleries and video'),
    figure,
    gallery(
      [first, second, third, fourth, fifth, sixth].map((photo) => ({
        ...photo,
        altText: photo.alt,
      })),
    ),
    { ...gallery([second, third, fourth, fifth], 'GRID') },
    { ...gallery([third, fourth, fifth, sixth], 'SLIDER') },
    video(
      media.video.url,
      { url: mediaUrl(thumbnail.id, 1280), width: thumbnail.width, height: thumbnail.height },
      media.video.title,
    ),
    {
      type: 'GIF',
      id: id(),
      nodes: [],
      gifData: {
        // The animation comes from a GIF host (not reachable from a machine without network);
        // the still is the seed's own image, so the block always shows something.
        original: {
          gif: 'https://media.giphy.com/media/l0HlBO7eyXzSZkJri/giphy.gif',
          mp4: 'https://media.giphy.com/media/l0HlBO7eyXzSZkJri/giphy.mp4',
          still: mediaUrl(second.id, 640),
        },
        downsized: { still: mediaUrl(second.id, 320) },
        width: second.width,
        height: second.height,
        gifType: 'NORMAL',
      },
    },
    {
      type: 'AUDIO',
      id: id(),
      nodes: [],
      audioData: {
        audio: { src: { url: 'https://upload.wikimedia.org/wikipedia/commons/c/c8/Example.ogg' } },
        coverImage: mediaOf(third),
        name: 'Morning at the harbour',
        authorName: 'Kenji Watanabe',
      },
    },
    {
      type: 'FILE',
      id: id(),
      nodes: [],
      fileData: {
        src: { url: 'https://www.w3.org/WAI/ER/tests/xhtml/testfiles/resources/pdf/dummy.pdf' },
        name: 'Packing list.pdf',
        type: 'pdf',
        mimeType: 'application/pdf',
        size: 13264,
        pdfSettings: { viewMode: 'NONE', disableDownload: false, disablePrint: false },
      },
    },
    heading(2, 'Embeds'),
    embed({
      type: 'rich',
      title: 'An embedded post',
      html: '<blockquote><p>Embedded content runs in a sandbox, never in the page.</p></blockquote>',
      providerName: 'Example',
      providerUrl: 'https://example.com',
      authorName: 'Example author',
    }),
    {
      type: 'HTML',
      id: id(),
      nodes: [],
      htmlData: {
        html: '<p style="font-family:sans-serif">This HTML runs in a sandboxed frame.</p>',
        source: 'HTML',
        containerData: { height: { custom: '120' } },
      },
    },
    {
      type: 'LINK_PREVIEW',
      id: id(),
      nodes: [],
      linkPreviewData: {
        link: { url: 'https://www.openstreetmap.org/about', target: 'BLANK' },
        title: 'About OpenStreetMap',
        description: 'The free wiki world map, made by people who map where they live.',
        thumbnailUrl: mediaUrl(fourth.id, 640),
        styles: { thumbnailPosition: 'START' },
      },
    },
    {
      type: 'MAP',
      id: id(),
      nodes: [],
      mapData: {
        mapSettings: {
          address: 'Rua Augusta 24, 1100-053 Lisboa, Portugal',
          locationName: 'Rua Augusta Arch',
          lat: 38.7086,
          lng: -9.1366,
          initialZoom: 16,
          marker: true,
          mapType: 'ROADMAP',
        },
      },
    },
    {
      type: 'APP_EMBED',
      id: id(),
      nodes: [],
      appEmbedData: {
        type: 'EVENT',
        name: 'Photo walk: the old town at dusk',
        url: 'https://example.com/events/photo-walk',
        image: mediaOf(media.event),
        eventData: { scheduling: 'Saturday 6 June, 19:30', location: 'Praça do Comércio, Lisbon' },
      },
    },
    {
      type: 'POLL',
      id: id(),
      nodes: [],
      pollData: {
        poll: {
          id: 'next-guide',
          title: 'Which trip should the next guide cover?',
          options: [
            { id: 'porto', title: 'A weekend in Porto' },
            { id: 'sintra', title: 'A day in Sintra' },
            { id: 'coast', title: 'The coast by train' },
          ],
          settings: {
            permissions: { view: 'EVERYONE', vote: 'SITE_MEMBERS' },
            showVotesCount: true,
          },
        },
        layout: { poll: { type: 'LIST', direction: 'LTR' } },
      },
    },
    button('Read the travel guides', '/blog/category/travel'),
    heading(2, 'Tables, collapsible lists and layouts'),
    {
      ...table(
        [
          ['Season', 'Days', 'Budget'],
          ['Spring', '4', '€480'],
          ['Autumn', '3', '€390'],
        ],
        { rowHeader: false },
      ),
      // The ANCHOR decoration at the top links here.
      id: 'tables',
    },
    collapsibleList([
      {
        title: 'What is a collapsible list for?',
        body: 'Questions and answers, or details a reader may skip.',
      },
      {
        title: 'Can it hold more than text?',
        body: [list('bulleted', ['Lists', 'Images', 'Tables'])],
      },
    ]),
    layout([
      { colSpan: 6, nodes: [paragraph('Layouts put blocks side by side on wide screens…')] },
      { colSpan: 6, nodes: [paragraph('…and stack them on a phone.')] },
    ]),
    {
      type: 'EXTERNAL',
      id: id(),
      nodes: [paragraph('Blocks from other apps keep their content, shown as plain blocks here.')],
      externalData: { app: 'reading-list', version: 1 },
    },
    paragraph('That is everything. Thanks for reading to the end.'),
  ];
}

/** The kitchen-sink post's document, validated as any saved document is. */
export function kitchenSinkDocument(media: KitchenSinkMedia, now: Date): RichDocument {
  const parsed = parseDocument({
    nodes: kitchenSinkNodes(media),
    metadata: {
      version: 1,
      createdTimestamp: now.toISOString(),
      updatedTimestamp: now.toISOString(),
    },
  });
  if (!parsed.ok)
    throw new Error(`The kitchen-sink post is invalid at ${parsed.path}: ${parsed.message}`);
  return parsed.document;
}
