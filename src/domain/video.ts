/**
 * Playable videos (SPEC §5 "Playable video sources: video hosts' embed, watch and short links,
 * and the product's own mp4 files") and the player each one gets in a post list (SPEC §4 "Video
 * in post list"; §9 "Video: play on hover, sound off, 1x, loop on, play button shown").
 *
 * A source is recognised only from a strict shape: a YouTube or Vimeo link whose video id passes
 * its pattern, or a path to one of our own `/media/<id>/<file>.mp4` files. Player URLs are built
 * from the parsed id alone, always over https, so nothing of the stored text but a validated id
 * ever reaches an iframe (DESIGN.md "links are sanitised").
 */

/** SPEC §9 "video ready 5 s": a started player counts as ready after this even without a load. */
export const VIDEO_READY_MS = 5000;

/** Stored links longer than this are not looked at (no real video link comes close). */
export const VIDEO_URL_MAX_LENGTH = 2048;

/** A recognised playable video. `start` is in whole seconds (0: from the beginning). */
export type VideoSource =
  | { host: 'youtube'; id: string; start: number }
  | { host: 'vimeo'; id: string; hash: string | null; start: number }
  | { host: 'file'; path: string };

/** How a started video plays (SPEC §3 video settings, resolved for one start). */
export interface VideoPlayback {
  isAutoplay: boolean;
  isMuted: boolean;
  isLooped: boolean;
  /** SPEC §3 video speeds 0.25x–2x; our own files honour it, hosts' players keep theirs. */
  speed: number;
}

/** The video settings a player needs (the feed's `settings.video`). */
export interface VideoSettings {
  playMode: 'hover' | 'autoplay' | 'click';
  soundOn: boolean;
  speed: number;
  loop: boolean;
  showPlayButton: boolean;
}

/**
 * SPEC §9 "Video: play on hover, sound off, 1x, loop on, play button shown": what a cover uses
 * outside the blog's settings (the settings table holds the same defaults; a test keeps them so).
 */
export const DEFAULT_VIDEO_SETTINGS: Readonly<VideoSettings> = {
  playMode: 'hover',
  soundOn: false,
  speed: 1,
  loop: true,
  showPlayButton: true,
};

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
/** Paths whose second segment is the video id: /embed/ID, /shorts/ID, /live/ID, /v/ID, /e/ID. */
const YOUTUBE_ID_PATHS = new Set(['embed', 'shorts', 'live', 'v', 'e']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
/** `/embed/videoseries?list=…` is a playlist, not a video, though it has the shape of an id. */
const YOUTUBE_NOT_IDS = new Set(['videoseries']);

const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const VIMEO_ID = /^\d{1,12}$/;
/** The privacy hash of an unlisted Vimeo video. */
const VIMEO_HASH = /^[0-9a-f]{6,32}$/i;

/** Our own video files: `/media/<uuid>/<file name>.mp4`, nothing else (no query, no `..`). */
const OWN_MP4 =
  /^\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.mp4$/i;

/** A time like `90`, `90s`, `1m30s` or `1h2m3s` in seconds; 0 when absent or unreadable. */
export function parseStartTime(raw: string | null | undefined): number {
  if (!raw) return 0;
  if (/^\d{1,6}$/.test(raw)) return Number(raw);
  const match = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s)?$/.exec(raw);
  if (!match) return 0;
  const [, h = '0', m = '0', s = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

function youtubeSource(url: URL): VideoSource | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (YOUTUBE_SHORT_HOSTS.has(host)) {
    if (segments.length === 1) id = segments[0];
  } else if (segments.length === 1 && segments[0] === 'watch') {
    id = url.searchParams.get('v') ?? undefined;
  } else if (segments.length === 2 && YOUTUBE_ID_PATHS.has(segments[0]!)) {
    id = segments[1];
  }
  if (!id || !YOUTUBE_ID.test(id) || YOUTUBE_NOT_IDS.has(id)) return null;
  const start = parseStartTime(url.searchParams.get('t') ?? url.searchParams.get('start'));
  return { host: 'youtube', id, start };
}

function vimeoSource(url: URL): VideoSource | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get('h');
  if (host === 'player.vimeo.com') {
    if (segments.length === 2 && segments[0] === 'video') id = segments[1];
  } else if (segments.length >= 1 && VIMEO_ID.test(segments[0]!)) {
    // vimeo.com/ID or vimeo.com/ID/HASH (an unlisted video).
    if (segments.length > 2) return null;
    id = segments[0];
    hash = segments[1] ?? hash;
  } else {
    // vimeo.com/channels/NAME/ID, /groups/NAME/videos/ID, /album/N/video/ID, /showcase/N/video/ID
    const last = segments.at(-1);
    const isListed =
      (segments[0] === 'channels' && segments.length === 3) ||
      (segments[0] === 'groups' && segments.length === 4 && segments[2] === 'videos') ||
      ((segments[0] === 'album' || segments[0] === 'showcase') &&
        segments.length === 4 &&
        segments[2] === 'video');
    if (isListed) id = last;
  }
  if (!id || !VIMEO_ID.test(id)) return null;
  if (hash !== null && !VIMEO_HASH.test(hash)) return null;
  const fragment = /^#t=([0-9hms]+)$/.exec(url.hash)?.[1];
  return { host: 'vimeo', id, hash, start: parseStartTime(fragment) };
}

/**
 * The playable video behind a stored link, or null when it is not one we can play (SPEC §5):
 * anything but http(s) links to YouTube or Vimeo with a valid id and our own mp4 paths.
 */
export function parseVideoSource(raw: string | null | undefined): VideoSource | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (text === '' || text.length > VIDEO_URL_MAX_LENGTH) return null;
  if (text.startsWith('/') && !text.startsWith('//')) {
    return OWN_MP4.test(text) ? { host: 'file', path: text } : null;
  }
  let url: URL;
  try {
    url = new URL(text.startsWith('//') ? `https:${text}` : text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || (url.port && url.port !== '443' && url.port !== '80')) {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host) || YOUTUBE_SHORT_HOSTS.has(host)) return youtubeSource(url);
  if (VIMEO_HOSTS.has(host)) return vimeoSource(url);
  return null;
}

/** Whether a thumbnail's URL may be shown: https, http or a path of ours (no other scheme). */
export function isSafeThumbnailUrl(raw: string | null | undefined): raw is string {
  if (typeof raw !== 'string' || raw.length > VIDEO_URL_MAX_LENGTH) return false;
  return /^https?:\/\/[^\s/]/i.test(raw) || /^\/(?![/\\])\S*$/.test(raw);
}

/** Whether a stored link is a video we can play (SPEC §5). */
export function isPlayableVideo(raw: string | null | undefined): boolean {
  return parseVideoSource(raw) !== null;
}

/**
 * How a start plays under the settings. Browsers refuse sound without a gesture of the reader,
 * so a video started by hovering or scrolling before any gesture on the page starts muted.
 */
export function videoPlayback(
  settings: Pick<VideoSettings, 'soundOn' | 'loop' | 'speed'>,
  { hasUserGesture }: { hasUserGesture: boolean },
): VideoPlayback {
  return {
    isAutoplay: true,
    isMuted: !settings.soundOn || !hasUserGesture,
    isLooped: settings.loop,
    speed: settings.speed,
  };
}

/**
 * The URL a player loads: a host's embed player with the playback applied, or our file itself
 * (whose `<video>` element takes the playback as attributes). Always https for hosts.
 */
export function playerUrl(source: VideoSource, playback: VideoPlayback): string {
  if (source.host === 'file') return source.path;
  const params = new URLSearchParams();
  if (source.host === 'youtube') {
    if (playback.isAutoplay) params.set('autoplay', '1');
    if (playback.isMuted) params.set('mute', '1');
    // YouTube loops a single video only as a playlist of itself.
    if (playback.isLooped) {
      params.set('loop', '1');
      params.set('playlist', source.id);
    }
    params.set('playsinline', '1');
    params.set('rel', '0');
    if (source.start > 0) params.set('start', String(source.start));
    // The privacy-enhanced host sets no cookies until the video plays.
    return `https://www.youtube-nocookie.com/embed/${source.id}?${params}`;
  }
  if (source.hash) params.set('h', source.hash);
  if (playback.isAutoplay) params.set('autoplay', '1');
  if (playback.isMuted) params.set('muted', '1');
  if (playback.isLooped) params.set('loop', '1');
  params.set('playsinline', '1');
  params.set('dnt', '1');
  const start = source.start > 0 ? `#t=${source.start}s` : '';
  return `https://player.vimeo.com/video/${source.id}?${params}${start}`;
}
