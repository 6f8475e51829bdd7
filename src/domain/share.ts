/**
 * Share links of the SPEC §3 channels (facebook, twitter (X), linked-in, pinterest): each
 * network's documented share address with the post's URL (and title where the network takes one,
 * and the cover for Pinterest).
 */

/**
 * Pinterest's pin script (SPEC §7), which the post page loads (widget/sharing/pinterest.ts) and
 * the pages' Content-Security-Policy allows (server/http/security-headers.server.ts).
 */
export const PINTEREST_SCRIPT_URL = 'https://assets.pinterest.com/js/pinit.js';

/** The channels that share through a network's page (link and print are handled in place). */
export type NetworkChannel = 'facebook' | 'twitter' | 'linked-in' | 'pinterest';

/** The network channels in the order the share bar shows them. */
export const SHARE_NETWORKS: readonly NetworkChannel[] = [
  'facebook',
  'twitter',
  'linked-in',
  'pinterest',
];

/**
 * The address that shares `url` on a network. Pinterest pins a picture: `media` is the absolute
 * address of the post's cover, when it has one.
 */
export function shareUrl(
  channel: NetworkChannel,
  url: string,
  title: string,
  media?: string | null,
): string {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  switch (channel) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'twitter':
      return `https://x.com/intent/post?url=${u}&text=${text}`;
    case 'linked-in':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'pinterest':
      return `https://www.pinterest.com/pin/create/button/?url=${u}${media ? `&media=${encodeURIComponent(media)}` : ''}&description=${text}`;
  }
}
