import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  embed,
  GALLERY_LAYOUTS,
  type GalleryData,
  gallery,
  image,
  type NodeOf,
  type NodeType,
  video,
} from '../document';
import { mapLink } from '../nodes/map/render';
import { RENDERERS as MEDIA_RENDERERS } from '../nodes/render-registry';
import { MediaPlayer } from './media-nodes-player';
import type { InteractivePart, NodeRenderer, RenderContext, RendererRegistry } from './types';

const ID = '0b6f8a3e-2c1d-4e5f-9a7b-1c2d3e4f5a6b';
const UNSAFE = [
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
];

function render<T extends NodeType>(
  node: NodeOf<T>,
  context: RenderContext = {},
  children: ReactNode = null,
) {
  const renderers: Partial<RendererRegistry> = MEDIA_RENDERERS;
  const renderer = renderers[node.type] as NodeRenderer | undefined;
  if (!renderer) throw new Error(`no renderer for ${node.type}`);
  return renderToStaticMarkup(renderer(node, children, context));
}

function node<T extends NodeType>(type: T, data: Record<string, unknown>): NodeOf<T> {
  return { type, id: `t-${type}`, nodes: [], ...data } as unknown as NodeOf<T>;
}

/** No unsafe URL reaches an href or src attribute. */
function expectNoUnsafeUrls(html: string) {
  expect(html).not.toMatch(/(href|src|srcset|poster|data)="\s*(javascript|data):/i);
  expect(html.toLowerCase()).not.toContain('javascript:');
}

describe('IMAGE', () => {
  it('renders a responsive figure with size, alt and an expand button', () => {
    const html = render(image({ id: ID, width: 1600, height: 900 }, { altText: 'A harbour' }));
    expect(html).toContain('<figure class="rc-image rc-block rc-block--content"');
    expect(html).toMatch(/<img class="rc-image__img" src="\/media\/[^"]+\/w960\.webp"/);
    expect(html).toContain(`srcSet="/media/${ID}/w320.webp 320w`);
    expect(html).toContain('sizes="(max-width: 740px) 100vw, 740px"');
    expect(html).toContain('width="1600" height="900"');
    expect(html).toContain('alt="A harbour"');
    expect(html).toContain('class="rc-image__expand"');
    expect(html).toContain('aria-label="Open image: A harbour"');
  });

  it('sizes by container width and marks decorative images', () => {
    const base = image({ id: ID, width: 1600, height: 900 }, { altText: 'ignored' });
    const small = {
      ...base,
      imageData: {
        ...base.imageData,
        decorative: true,
        containerData: { width: { size: 'SMALL' as const }, alignment: 'LEFT' as const },
      },
    };
    const html = render(small);
    expect(html).toContain('rc-block--small rc-block--left');
    expect(html).toContain('sizes="(max-width: 370px) 100vw, 370px"');
    expect(html).toContain('alt=""');
    expect(html).toContain('aria-hidden="true"');
    const full = {
      ...base,
      imageData: { ...base.imageData, containerData: { width: { size: 'FULL_WIDTH' as const } } },
    };
    expect(render(full)).toContain('sizes="100vw"');
  });

  it('honours disableExpand and disableDownload, and sanitises the border', () => {
    const base = image({ id: ID, width: 800, height: 600 });
    const html = render({
      ...base,
      imageData: {
        ...base.imageData,
        disableExpand: true,
        disableDownload: true,
        border: { width: 2, color: 'red;background:url(x)', radius: 8 },
      },
    });
    expect(html).not.toContain('rc-image__expand');
    expect(html).toContain('data-no-download="true"');
    expect(html).toContain('draggable="false"');
    expect(html).not.toMatch(/\sdownload=/);
    expect(html).toContain('border-width:2px');
    expect(html).toContain('border-color:currentColor');
    expect(html).not.toContain('url(x)');
  });

  it('links safely, and drops unsafe links and sources', () => {
    const linked = image(
      { id: ID, width: 800, height: 600 },
      { link: { url: 'https://example.com', target: 'BLANK', rel: { nofollow: true } } },
    );
    const html = render(linked);
    expect(html).toContain(
      '<a class="rc-image__link" href="https://example.com" target="_blank" rel="nofollow noopener">',
    );
    for (const url of UNSAFE) {
      const bad = image({ id: ID, width: 800, height: 600 }, { link: { url, target: 'SELF' } });
      expectNoUnsafeUrls(render(bad));
      const badSrc = node('IMAGE', {
        imageData: { image: { src: { url }, width: 10, height: 10 } },
      });
      expect(render(badSrc)).toBe('');
    }
  });

  it('renders a CAPTION child inside the figure, else the caption text', () => {
    const withText = image({ id: ID, width: 800, height: 600 }, { caption: 'Old caption' });
    expect(render(withText)).toMatch(
      /<figcaption class="rc-caption">Old caption<\/figcaption><\/figure>$/,
    );
    const withChild = {
      ...withText,
      nodes: [{ type: 'CAPTION', id: 'c', nodes: [] }],
    } as unknown as NodeOf<'IMAGE'>;
    const html = render(withChild, {}, <figcaption>Child caption</figcaption>);
    expect(html).toContain('<figcaption>Child caption</figcaption></figure>');
    expect(html).not.toContain('Old caption');
  });

  it('keeps a box shape for images of unknown size', () => {
    const html = render(
      node('IMAGE', { imageData: { image: { src: { url: 'https://example.com/a.png' } } } }),
    );
    expect(html).toContain('aspect-ratio:');
  });
});

describe('VIDEO', () => {
  it('renders the thumbnail and a play button in a sized box, no player yet', () => {
    const html = render(
      video(
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        { url: 'https://example.com/t.jpg', width: 1280, height: 720 },
        'Talk',
      ),
    );
    expect(html).toContain('class="rc-video rc-block rc-block--content"');
    expect(html).toContain('data-video-state="idle"');
    expect(html).toContain('aspect-ratio:1.7777');
    expect(html).toContain('src="https://example.com/t.jpg"');
    expect(html).toContain(
      '<button type="button" class="rc-video__play" aria-label="Play video: Talk">',
    );
    expect(html).not.toContain('<iframe');
  });

  it('uses the host thumbnail without a stored one, and links out when not playable', () => {
    expect(render(video('https://youtu.be/dQw4w9WgXcQ'))).toContain(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    const html = render(video('https://example.com/page'));
    expect(html).toContain('class="rc-video__link" href="https://example.com/page"');
    expect(html).not.toContain('rc-video__play');
    for (const url of UNSAFE) expectNoUnsafeUrls(render(video(url)));
  });

  it('plays hosts in an iframe and own files in a video with the options', () => {
    const host = renderToStaticMarkup(
      <MediaPlayer url="https://vimeo.com/123456" title="T" isAutoplay showControls={false} />,
    );
    expect(host).toContain(
      '<iframe class="rc-player" src="https://player.vimeo.com/video/123456?autoplay=1',
    );
    expect(host).toContain('controls=0');
    const file = renderToStaticMarkup(
      <MediaPlayer url={`/media/${ID}/clip.mp4`} title="T" isLooped disableDownload />,
    );
    expect(file).toContain(`<video class="rc-player" src="/media/${ID}/clip.mp4"`);
    expect(file).toContain('loop=""');
    expect(file).toContain('controls=""');
    expect(file).toContain('controlsList="nodownload"');
    expect(renderToStaticMarkup(<MediaPlayer url="javascript:alert(1)" />)).toBe('');
  });
});

describe('GALLERY', () => {
  const images = [
    { id: ID, width: 1200, height: 800, altText: 'One', title: 'First' },
    { id: ID, width: 800, height: 1200, altText: 'Two' },
    { id: ID, width: 1000, height: 1000, altText: 'Three' },
    { id: ID, width: 1600, height: 900, altText: 'Four' },
  ];

  it('has no caption unless one was written; a decorative picture has an empty alt', () => {
    const base = gallery(images, 'GRID');
    const items = base.galleryData.items.map((item, index) =>
      index === 1
        ? { ...item, altText: undefined, decorative: true }
        : { ...item, title: undefined },
    );
    const html = render({ ...base, galleryData: { ...base.galleryData, items } });
    expect(html).not.toContain('rc-gallery__title');
    expect(html).toContain('alt="One"');
    expect(html).toContain('alt=""');
    expect(html).not.toContain('alt="Two"');
  });

  it('never takes a caption for the alt: a screen reader would read it twice (decision 067)', () => {
    const base = gallery(images, 'GRID');
    const items = base.galleryData.items.map((item, index) =>
      index === 0 ? { ...item, altText: undefined } : item,
    );
    const html = render({ ...base, galleryData: { ...base.galleryData, items } });
    expect(html).toContain('<figcaption class="rc-gallery__title">First</figcaption>');
    expect(html).not.toContain('alt="First"');
    expect(html).toMatch(/<img class="rc-gallery__img"[^>]* alt=""/);
  });

  it.each(GALLERY_LAYOUTS)('renders a box per item in the %s layout', (layout) => {
    const html = render(gallery(images, layout));
    expect(html).toContain(`rc-gallery--${layout.toLowerCase()}`);
    expect(html).toMatch(/class="rc-gallery__box" style="aspect-ratio:\d+ \/ \d+"/);
    expect(html.match(/class="rc-gallery__item[ "]/g)).toHaveLength(images.length);
    for (const i of [0, 1, 2, 3]) expect(html).toContain(`data-index="${i}"`);
    expect(html).toMatch(
      /class="rc-gallery__item[^"]*" style="left:[\d.]+%;top:[\d.]+%;width:[\d.]+%;height:[\d.]+%"/,
    );
    expect(html.match(/loading="lazy"/g)?.length).toBeGreaterThanOrEqual(images.length);
    expect(html).toContain('alt="One"');
    expect(html).toContain('<figcaption class="rc-gallery__title">First</figcaption>');
  });

  it('scrolls strips with scroll-snap viewports and prev/next buttons', () => {
    for (const layout of ['SLIDER', 'SLIDESHOW', 'FULLSIZE', 'THUMBNAIL'] as const) {
      const html = render(gallery(images, layout));
      expect(html).toContain('rc-gallery__viewport rc-gallery__viewport--x');
      expect(html).toContain('rc-gallery__arrow--previous');
      expect(html).toContain('rc-gallery__arrow--next');
    }
    const thumbs = render(gallery(images, 'THUMBNAIL'));
    expect(thumbs.match(/class="rc-gallery__thumb"/g)).toHaveLength(images.length);
  });

  it('lays out for mobile at the phone width', () => {
    const desktop = render(gallery(images, 'GRID'));
    const mobile = render(gallery(images, 'GRID'), { device: 'mobile' });
    expect(mobile).not.toBe(desktop);
    expect(mobile).toContain('(max-width: 375px)');
  });

  it('honours disableExpand and disableDownload', () => {
    const base = gallery(images, 'GRID');
    const data: GalleryData = { ...base.galleryData, disableExpand: true, disableDownload: true };
    const html = render({ ...base, galleryData: data });
    expect(html).not.toContain('rc-gallery__expand');
    expect(html).toContain('data-no-download="true"');
    expect(html).toContain('draggable="false"');
    expect(render(base)).toContain('rc-gallery__expand');
  });

  it('drops unsafe item links and sources', () => {
    const base = gallery(images.slice(0, 1), 'GRID');
    for (const url of UNSAFE) {
      const data: GalleryData = {
        ...base.galleryData,
        items: [
          {
            image: {
              media: { src: { url }, width: 10, height: 10 },
              link: { url, target: 'SELF' },
            },
          },
        ],
      };
      expectNoUnsafeUrls(render({ ...base, galleryData: data }));
    }
  });
});

describe('GIF, AUDIO and FILE', () => {
  it('plays a GIF as a muted looping video with its still, stickers as gifs', () => {
    const gifData = {
      original: {
        mp4: 'https://media.example/a.mp4',
        gif: 'https://media.example/a.gif',
        still: 'https://media.example/a.jpg',
      },
      width: 480,
      height: 270,
      gifType: 'NORMAL',
    };
    const html = render(node('GIF', { gifData }));
    expect(html).toMatch(
      /<video class="rc-gif__media" src="https:\/\/media.example\/a.mp4" poster="https:\/\/media.example\/a.jpg" width="480" height="270" autoPlay="" muted="" loop="" playsInline=""/,
    );
    const sticker = render(node('GIF', { gifData: { ...gifData, gifType: 'STICKER' } }));
    expect(sticker).toContain('rc-gif--sticker');
    expect(sticker).toContain('<img class="rc-gif__media" src="https://media.example/a.gif"');
    expectNoUnsafeUrls(
      render(
        node('GIF', {
          gifData: { original: { mp4: UNSAFE[0], gif: UNSAFE[2] }, gifType: 'NORMAL' },
        }),
      ),
    );
  });

  it('renders audio with cover, name and author; disableDownload', () => {
    const html = render(
      node('AUDIO', {
        audioData: {
          audio: { src: { url: 'https://cdn.example/song.mp3' } },
          coverImage: { src: { id: ID }, width: 500, height: 500 },
          name: 'Song',
          authorName: 'Band',
          disableDownload: true,
        },
      }),
    );
    expect(html).toContain('class="rc-audio__cover"');
    expect(html).toContain('width="96" height="96"');
    expect(html).toContain('<p class="rc-audio__name">Song</p>');
    expect(html).toContain('by Band');
    expect(html).toMatch(
      /<audio class="rc-audio__player" src="https:\/\/cdn.example\/song.mp3" controls=""[^>]*controlsList="nodownload"/,
    );
  });

  it('renders a download card, a PDF preview, and honours the flags', () => {
    const fileData = {
      src: { url: 'https://files.example/report.pdf' },
      name: 'report.pdf',
      type: 'pdf',
      size: 204800,
      pdfSettings: { viewMode: 'MINI' },
    };
    const html = render(node('FILE', { fileData }));
    expect(html).toContain('<span class="rc-file__name">report.pdf</span>');
    expect(html).toContain('PDF · 200 KB');
    expect(html).toContain(
      'class="rc-file__download" href="https://files.example/report.pdf" download="report.pdf"',
    );
    expect(html).toContain('role="status"');
    expect(html).toMatch(
      /<iframe class="rc-file__preview rc-file__preview--mini" src="https:\/\/files.example\/report.pdf"[^>]*sandbox=/,
    );
    const locked = render(
      node('FILE', {
        fileData: {
          ...fileData,
          pdfSettings: { viewMode: 'FULL', disableDownload: true, disablePrint: true },
        },
      }),
    );
    expect(locked).not.toContain('rc-file__download');
    expect(locked).toContain('data-no-print="true"');
    expect(locked).toContain('report.pdf#toolbar=0');
    for (const url of UNSAFE)
      expectNoUnsafeUrls(render(node('FILE', { fileData: { ...fileData, src: { url } } })));
  });

  it('previews an uploaded PDF of this site without a sandbox, and other paths not at all', () => {
    const own = '/media/0b7f1c1e-52d4-4d5e-9f31-3a1f4f8e2b10/original.pdf';
    const preview = (url: string) =>
      render(
        node('FILE', {
          fileData: { src: { url }, name: 'a.pdf', type: 'pdf', pdfSettings: { viewMode: 'FULL' } },
        }),
      );
    const html = preview(own);
    expect(html).toMatch(/<iframe class="rc-file__preview rc-file__preview--full" src="\/media\//);
    expect(html).not.toContain('sandbox=');
    expect(preview('/somewhere/else.pdf')).not.toContain('<iframe');
    expect(preview(`${own}/../../x.pdf`)).not.toContain('<iframe');
  });
});

describe('HTML and EMBED', () => {
  const hostile = '<script>parent.document.cookie</script><img src=x onerror=alert(1)>';

  it('puts HTML only in a sandboxed frame of its own, the markup in the URL fragment', () => {
    const html = render(node('HTML', { htmlData: { html: hostile, autoHeight: true } }));
    expect(html).toMatch(
      /^<div class="rc-html rc-block rc-block--content"><iframe class="rc-html__frame" title="Embedded content" sandbox="allow-scripts allow-popups" src="\/frames\/html#/,
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('srcDoc');
    const src = (/src="([^"]*)"/.exec(html)?.[1] ?? '').replaceAll('&amp;', '&');
    const fragment = new URLSearchParams(new URL(src, 'http://x').hash.slice(1));
    expect(fragment.get('html')).toBe(hostile);
    expect(fragment.get('auto')).toBe('1');
    expect(html).toContain('height="300"');
    const sized = render(
      node('HTML', {
        htmlData: { html: '<p>x</p>', containerData: { height: { custom: '450' } } },
      }),
    );
    expect(sized).toContain('height="450"');
    expect(sized).toContain(`src="/frames/html#html=${encodeURIComponent('<p>x</p>')}"`);
  });

  it('loads an HTML url only when it is http(s), and treats ADSENSE the same', () => {
    const html = render(
      node('HTML', {
        htmlData: { url: 'https://ads.example/frame', source: 'ADSENSE', isAdsense: true },
      }),
    );
    expect(html).toContain('sandbox="allow-scripts allow-popups" src="https://ads.example/frame"');
    for (const url of UNSAFE)
      expect(render(node('HTML', { htmlData: { url } }))).not.toContain('<iframe');
  });

  it('renders oEmbed videos like VIDEO, rich HTML sandboxed, photos as images, links as cards', () => {
    const videoEmbed = render(
      embed({
        type: 'video',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        html: '<iframe src="https://evil.example"></iframe>',
        thumbnailUrl: 'https://i.example/t.jpg',
        width: 640,
        height: 360,
        title: 'Clip',
      }),
    );
    expect(videoEmbed).toContain('rc-video__play');
    expect(videoEmbed).not.toContain('evil.example');
    const rich = render(
      embed({ type: 'rich', html: hostile, providerName: 'Social', height: 500 }),
    );
    expect(rich).toContain('sandbox="allow-scripts allow-popups"');
    expect(rich).toContain('title="Embedded content from Social"');
    expect(rich).not.toContain('<script');
    const photo = render(
      embed({
        type: 'photo',
        url: 'https://i.example/p.jpg',
        width: 800,
        height: 600,
        title: 'Photo',
      }),
    );
    expect(photo).toContain(
      '<img class="rc-embed__photo" src="https://i.example/p.jpg" width="800" height="600" alt="Photo"',
    );
    const link = render(embed({ type: 'link', url: 'https://blog.example/post', title: 'A post' }));
    expect(link).toContain(
      'href="https://blog.example/post" target="_blank" rel="noopener noreferrer"',
    );
    for (const url of UNSAFE)
      expectNoUnsafeUrls(
        render(embed({ type: 'link', url, title: 'x' })) + render(embed({ type: 'photo', url })),
      );
  });
});

describe('LINK_PREVIEW, MAP, APP_EMBED and POLL', () => {
  it('renders a link preview card at each thumbnail position', () => {
    for (const position of ['START', 'END', 'TOP', 'HIDDEN'] as const) {
      const html = render(
        node('LINK_PREVIEW', {
          linkPreviewData: {
            link: { url: 'https://news.example/story', target: 'SELF' },
            title: 'Story',
            description: 'What happened',
            thumbnailUrl: 'https://news.example/t.jpg',
            styles: {
              thumbnailPosition: position,
              backgroundColor: 'expression(alert(1))',
              titleColor: '#112233',
            },
          },
        }),
      );
      expect(html).toContain(`rc-link-card rc-link-card--${position.toLowerCase()}`);
      expect(html).toContain('href="https://news.example/story" target="_blank" rel="noopener"');
      expect(html).toContain(
        '<span class="rc-link-card__title" style="color:#112233">Story</span>',
      );
      expect(html).toContain('news.example');
      expect(html).not.toContain('expression');
      expect(html.includes('https://news.example/t.jpg')).toBe(position !== 'HIDDEN');
      if (position !== 'HIDDEN') expect(html).toMatch(/width="\d+" height="\d+"/);
    }
    for (const url of UNSAFE) {
      expectNoUnsafeUrls(
        render(
          node('LINK_PREVIEW', {
            linkPreviewData: { link: { url, target: 'SELF' }, thumbnailUrl: url, title: 't' },
          }),
        ),
      );
    }
  });

  it('renders a map as an address card with an OpenStreetMap link', () => {
    const html = render(
      node('MAP', {
        mapData: {
          mapSettings: {
            lat: 48.8584,
            lng: 2.2945,
            locationName: 'Eiffel Tower',
            address: 'Champ de Mars, Paris',
            initialZoom: 16,
            mapType: 'ROADMAP',
          },
        },
      }),
    );
    expect(html).toContain('<p class="rc-map__name">Eiffel Tower</p>');
    expect(html).toContain('<address class="rc-map__address">Champ de Mars, Paris</address>');
    expect(html).toContain('48.85840, 2.29450');
    expect(html).toContain(
      'href="https://www.openstreetmap.org/?mlat=48.8584&amp;mlon=2.2945#map=16/48.8584/2.2945"',
    );
    expect(mapLink({ address: 'a&b', mapType: 'ROADMAP' })).toBe(
      'https://www.openstreetmap.org/search?query=a%26b',
    );
  });

  it('renders product, event and booking cards', () => {
    const event = render(
      node('APP_EMBED', {
        appEmbedData: {
          type: 'EVENT',
          name: 'Meetup',
          url: 'https://shop.example/e',
          imageSrc: 'https://shop.example/e.jpg',
          eventData: { scheduling: 'May 4, 18:00', location: 'Hall A' },
        },
      }),
    );
    expect(event).toContain('rc-app-embed--event');
    expect(event).toContain('Meetup');
    expect(event).toContain('May 4, 18:00');
    expect(event).toContain('Hall A');
    expect(event).toContain('width="240" height="180"');
    expect(event).toContain('View event');
    const booking = render(
      node('APP_EMBED', {
        appEmbedData: {
          type: 'BOOKING',
          name: 'Class',
          bookingData: { durations: '1 hr' },
          url: UNSAFE[0],
        },
      }),
    );
    expect(booking).toContain('Duration: 1 hr');
    expectNoUnsafeUrls(booking);
  });

  const pollData = {
    poll: {
      id: 'p1',
      title: 'Best season?',
      options: [
        { id: 'a', title: 'Spring', image: { src: { id: ID }, width: 400, height: 400 } },
        { id: 'b', title: 'Autumn' },
      ],
      settings: { permissions: { view: 'CREATOR', vote: 'SITE_MEMBERS' } },
    },
    layout: { poll: { type: 'GRID', direction: 'RTL', enableImage: true } },
    design: {
      poll: {
        background: {
          type: 'GRADIENT',
          gradient: { angle: 90, startColor: '#ff0000', lastColor: '#0000ff' },
        },
        borderRadius: 12,
      },
    },
  };

  it('renders a poll as a form that waits for the page, with no results in the HTML', () => {
    const html = render(node('POLL', { pollData }));
    expect(html).toContain('rc-poll--grid');
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('linear-gradient(90deg, #ff0000, #0000ff)');
    expect(html).toMatch(/<fieldset class="rc-poll__fieldset" disabled=""/);
    expect(html).toContain('<legend class="rc-poll__title">Best season?</legend>');
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(html).toContain('class="rc-poll__option-image"');
    // Without an endpoint (a preview) the poll says voting is not open yet.
    expect(html).toContain('Voting opens when the post is published');
    expect(html).not.toContain('rc-poll__bar');
    expect(html).not.toContain('rc-poll__vote');
    // With one, the server's HTML is the same for every reader: no note, no results yet.
    const live = render(node('POLL', { pollData }), {
      pollEndpoint: (id) => `/api/posts/p/polls/${id}`,
    });
    expect(live).toMatch(/<fieldset class="rc-poll__fieldset" disabled="" [^>]*aria-busy="true"/);
    expect(live).not.toContain('Voting opens');
    expect(live).not.toContain('rc-poll__bar');
  });
  it('hands the page each part that needs script with plain JSON props (issue 20)', () => {
    const parts: InteractivePart[] = [];
    const context: RenderContext = {
      pollEndpoint: (id) => `/api/posts/p/polls/${id}`,
      interactive(part) {
        parts.push(part);
        return <div data-part={part.name}>{part.element}</div>;
      },
    };
    const pictured = image({ id: ID, width: 800, height: 600 }, { caption: 'A caption' });
    const html = [
      render(pictured, context),
      render(gallery([{ id: ID, width: 800, height: 600 }], 'GRID'), context),
      render(video('https://www.youtube.com/watch?v=dQw4w9WgXcQ', undefined, 'Talk'), context),
      render(video('https://example.com/not-a-video'), context),
      render(node('POLL', { pollData }), context),
    ].join('');
    // The not-playable video is a plain link out: no part of it needs script.
    expect(parts.map((part) => part.name)).toEqual(['image', 'gallery', 'video', 'poll']);
    for (const part of parts) {
      expect(JSON.parse(JSON.stringify(part.props))).toEqual(part.props);
    }
    expect(parts[0]?.props).toEqual({ data: pictured.imageData });
    expect(parts[3]?.props).toEqual({ data: pollData, endpoint: '/api/posts/p/polls/p1' });
    // The image's part is its frame; the caption stays server HTML beside it.
    expect(html).toMatch(
      /<figure class="rc-image[^"]*"[^>]*><div data-part="image"><div class="rc-image__frame"/,
    );
    expect(html).toMatch(/<\/div><\/div><figcaption[^>]*>A caption<\/figcaption>/);
    expect(html).toContain('<div data-part="video"><div class="rc-video__box"');
    expect(html).toMatch(/<div data-part="gallery"><figure class="rc-gallery/);
    expect(html).toMatch(/<div data-part="poll"><div class="rc-poll/);
  });

  it('renders the parts in place when the page marks none', () => {
    const html = render(video('https://www.youtube.com/watch?v=dQw4w9WgXcQ', undefined, 'Talk'));
    expect(html).toMatch(/<figure class="rc-video[^"]*"[^>]*><div class="rc-video__box"/);
  });
});
