import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedSettingsView, resolveSettings } from './settings';
import {
  DEFAULT_VIDEO_SETTINGS,
  isPlayableVideo,
  isSafeThumbnailUrl,
  parseStartTime,
  parseVideoSource,
  playerUrl,
  type VideoPlayback,
  videoPlayback,
} from './video';
import { type PostSummary, postVideoOf, toPostCard } from './views';

const ID = 'aqz-KE-bpKQ';
const PLAY: VideoPlayback = { isAutoplay: true, isMuted: true, isLooped: true, speed: 1 };
const MEDIA_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('parseVideoSource (SPEC §5 playable sources)', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?feature=share&v=${ID}`,
    `http://m.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}?rel=0`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/live/${ID}`,
    `https://youtu.be/${ID}`,
    `//www.youtube.com/watch?v=${ID}`,
    `  https://youtu.be/${ID}  `,
  ])('recognises the YouTube link %s', (url) => {
    expect(parseVideoSource(url)).toEqual({ host: 'youtube', id: ID, start: 0 });
  });

  it('reads a YouTube start time in seconds or h/m/s', () => {
    expect(parseVideoSource(`https://youtu.be/${ID}?t=90`)).toMatchObject({ start: 90 });
    expect(parseVideoSource(`https://www.youtube.com/watch?v=${ID}&t=1m30s`)).toMatchObject({
      start: 90,
    });
    expect(parseVideoSource(`https://www.youtube.com/embed/${ID}?start=12`)).toMatchObject({
      start: 12,
    });
  });

  it.each([
    ['https://vimeo.com/76979871', { id: '76979871', hash: null, start: 0 }],
    ['https://vimeo.com/76979871/8f3a2b1c0d', { id: '76979871', hash: '8f3a2b1c0d', start: 0 }],
    [
      'https://player.vimeo.com/video/76979871?h=8f3a2b1c0d',
      { id: '76979871', hash: '8f3a2b1c0d' },
    ],
    ['https://vimeo.com/channels/staffpicks/76979871', { id: '76979871' }],
    ['https://vimeo.com/groups/shortfilms/videos/76979871', { id: '76979871' }],
    ['https://vimeo.com/showcase/123/video/76979871', { id: '76979871' }],
    ['https://vimeo.com/76979871#t=45s', { id: '76979871', start: 45 }],
  ])('recognises the Vimeo link %s', (url, expected) => {
    expect(parseVideoSource(url)).toMatchObject({ host: 'vimeo', ...expected });
  });

  it('recognises our own mp4 files', () => {
    const path = `/media/${MEDIA_ID}/clip.mp4`;
    expect(parseVideoSource(path)).toEqual({ host: 'file', path });
    expect(parseVideoSource(`/media/${MEDIA_ID}/w640.MP4`)).toEqual({
      host: 'file',
      path: `/media/${MEDIA_ID}/w640.MP4`,
    });
  });

  it.each([
    '',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)//https://youtu.be/aqz-KE-bpKQ',
    'data:video/mp4;base64,AAAA',
    `ftp://youtu.be/${ID}`,
    `https://evil.example/watch?v=${ID}`,
    `https://www.youtube.com.evil.example/watch?v=${ID}`,
    `https://user:pass@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com:8443/watch?v=${ID}`,
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=aqz-KE-bpKQ"onload=alert(1)',
    'https://www.youtube.com/embed/videoseries?list=PL1234567890',
    `https://www.youtube.com/channel/${ID}`,
    `https://youtu.be/${ID}/extra`,
    'https://vimeo.com/abc',
    'https://vimeo.com/76979871/not-a-hash!',
    'https://vimeo.com/76979871/8f3a2b1c0d/more',
    'https://player.vimeo.com/video/76979871?h=%3Cscript%3E',
    `/media/${MEDIA_ID}/clip.mov`,
    `/media/${MEDIA_ID}/../secret.mp4`,
    `/media/${MEDIA_ID}/clip.mp4?x=1`,
    '/media/not-a-uuid/clip.mp4',
    `//evil.example/media/${MEDIA_ID}/clip.mp4`,
    `https://example.com/media/${MEDIA_ID}/clip.mp4`,
  ])('refuses %s', (url) => {
    expect(parseVideoSource(url)).toBeNull();
    expect(isPlayableVideo(url)).toBe(false);
  });

  it('refuses what is not a string, and overlong links', () => {
    expect(parseVideoSource(null)).toBeNull();
    expect(parseVideoSource(undefined)).toBeNull();
    expect(parseVideoSource(`https://youtu.be/${ID}?x=${'a'.repeat(3000)}`)).toBeNull();
  });

  it('never throws, and whatever it accepts yields an https player or our own path', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true })), (raw) => {
        const source = parseVideoSource(raw);
        if (!source) return;
        const url = playerUrl(source, PLAY);
        expect(
          url.startsWith('https://www.youtube-nocookie.com/embed/') ||
            url.startsWith('https://player.vimeo.com/video/') ||
            url.startsWith('/media/'),
        ).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('finds any valid YouTube id in any of its link shapes', () => {
    const idChar = fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split(''),
    );
    const ids = fc
      .array(idChar, { minLength: 11, maxLength: 11 })
      .map((chars) => chars.join(''))
      .filter((id) => id !== 'videoseries');
    const shapes = fc.constantFrom(
      (id: string) => `https://www.youtube.com/watch?v=${id}`,
      (id: string) => `https://www.youtube.com/embed/${id}`,
      (id: string) => `https://youtube.com/shorts/${id}`,
      (id: string) => `https://youtu.be/${id}`,
    );
    fc.assert(
      fc.property(ids, shapes, (id, shape) => {
        expect(parseVideoSource(shape(id))).toEqual({ host: 'youtube', id, start: 0 });
      }),
    );
  });
});

describe('parseStartTime', () => {
  it.each([
    [null, 0],
    ['', 0],
    ['42', 42],
    ['42s', 42],
    ['2m', 120],
    ['1h2m3s', 3723],
    ['soon', 0],
    ['-5', 0],
  ])('%s is %i seconds', (raw, seconds) => {
    expect(parseStartTime(raw)).toBe(seconds);
  });
});

describe('playerUrl (SPEC §9 play on hover, sound off, 1x, loop on)', () => {
  it('builds a YouTube embed with autoplay, mute and a loop of itself', () => {
    const url = new URL(playerUrl({ host: 'youtube', id: ID, start: 0 }, PLAY));
    expect(url.origin).toBe('https://www.youtube-nocookie.com');
    expect(url.pathname).toBe(`/embed/${ID}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      autoplay: '1',
      mute: '1',
      loop: '1',
      playlist: ID,
      playsinline: '1',
    });
  });

  it('leaves sound on and the loop off when the settings say so, and keeps the start', () => {
    const url = new URL(
      playerUrl(
        { host: 'youtube', id: ID, start: 30 },
        { ...PLAY, isMuted: false, isLooped: false },
      ),
    );
    expect(url.searchParams.has('mute')).toBe(false);
    expect(url.searchParams.has('loop')).toBe(false);
    expect(url.searchParams.get('start')).toBe('30');
  });

  it('builds a Vimeo player with its privacy hash and start', () => {
    const url = new URL(
      playerUrl({ host: 'vimeo', id: '76979871', hash: '8f3a2b1c0d', start: 45 }, PLAY),
    );
    expect(url.origin + url.pathname).toBe('https://player.vimeo.com/video/76979871');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      h: '8f3a2b1c0d',
      autoplay: '1',
      muted: '1',
      loop: '1',
    });
    expect(url.hash).toBe('#t=45s');
  });

  it('plays our own files from their path', () => {
    const path = `/media/${MEDIA_ID}/clip.mp4`;
    expect(playerUrl({ host: 'file', path }, PLAY)).toBe(path);
  });
});

describe('DEFAULT_VIDEO_SETTINGS', () => {
  it('are the settings table’s defaults (SPEC §9: hover, sound off, 1x, loop, play button)', () => {
    for (const device of ['desktop', 'mobile'] as const) {
      expect(feedSettingsView(resolveSettings({}, device)).video).toEqual(DEFAULT_VIDEO_SETTINGS);
    }
  });
});

describe('videoPlayback', () => {
  const settings = { soundOn: true, loop: true, speed: 1.5 };

  it('plays with sound only after a gesture of the reader', () => {
    expect(videoPlayback(settings, { hasUserGesture: true }).isMuted).toBe(false);
    expect(videoPlayback(settings, { hasUserGesture: false }).isMuted).toBe(true);
    expect(videoPlayback({ ...settings, soundOn: false }, { hasUserGesture: true }).isMuted).toBe(
      true,
    );
  });

  it('carries the loop and speed', () => {
    expect(videoPlayback(settings, { hasUserGesture: true })).toEqual({
      isAutoplay: true,
      isMuted: false,
      isLooped: true,
      speed: 1.5,
    });
  });
});

describe('isSafeThumbnailUrl', () => {
  it.each([
    ['https://i.ytimg.com/vi/x/hq.jpg', true],
    [`/media/${MEDIA_ID}/w1280.webp`, true],
    ['javascript:alert(1)', false],
    ['//evil.example/x.png', false],
    ['data:image/png;base64,AAAA', false],
    [null, false],
  ])('%s → %s', (url, expected) => {
    expect(isSafeThumbnailUrl(url)).toBe(expected);
  });
});

describe('postVideoOf and the card', () => {
  const base = {
    title: 'Big Buck Bunny',
    media: {
      thumbnail: { url: `/media/${MEDIA_ID}/w1280.webp`, width: 1280, height: 720 },
      video: { url: `https://www.youtube.com/watch?v=${ID}`, width: 1280, height: 720 },
    },
  } satisfies Pick<PostSummary, 'title' | 'media'>;

  it('gives a card the playable link and a stored thumbnail by media id', () => {
    expect(postVideoOf(base)).toEqual({
      url: `https://www.youtube.com/watch?v=${ID}`,
      width: 1280,
      height: 720,
      thumbnail: { id: MEDIA_ID, url: null, width: 1280, height: 720, alt: 'Big Buck Bunny' },
    });
  });

  it('keeps an external thumbnail by URL and drops an unsafe one', () => {
    const external = { url: 'https://i.ytimg.com/vi/x/hq.jpg', width: 480, height: 360 };
    expect(
      postVideoOf({ ...base, media: { ...base.media, thumbnail: external } })?.thumbnail,
    ).toMatchObject({ id: null, url: external.url });
    const unsafe = { url: 'javascript:alert(1)', width: 1, height: 1 };
    expect(
      postVideoOf({ ...base, media: { ...base.media, thumbnail: unsafe } })?.thumbnail,
    ).toBeNull();
  });

  it('has no video when the link is not playable, though hasVideo stays true', () => {
    const media = { ...base.media, video: { url: 'https://example.com/v', width: 1, height: 1 } };
    const summary = { ...base, media } as unknown as PostSummary;
    expect(postVideoOf(summary)).toBeNull();
    const card = toPostCard({
      ...summary,
      counters: { viewCount: 0, totalComments: 0, likeCount: 0 },
      ratings: { averageRating: 0, totalRatings: 0 },
    } as PostSummary);
    expect(card.hasVideo).toBe(true);
    expect(card.video).toBeNull();
  });
});
