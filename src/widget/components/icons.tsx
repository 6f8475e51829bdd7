/**
 * Small inline icons (no icon font to download). Decorative: callers give the accessible text.
 */
const common = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

/** An eye, for view counts. */
export function EyeIcon() {
  return (
    <svg {...common}>
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

/** A speech bubble, for comment counts. */
export function CommentIcon() {
  return (
    <svg {...common}>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </svg>
  );
}

/** A heart, for likes. */
export function HeartIcon() {
  return (
    <svg {...common}>
      <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
    </svg>
  );
}

/** A pin, for pinned posts. */
export function PinIcon() {
  return (
    <svg {...common}>
      <path d="M12 17v5M9 10.8V4h6v6.8l3 3.2H6z" />
    </svg>
  );
}

/** A play triangle in a circle, for video covers. */
export function PlayIcon() {
  return (
    <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true" focusable="false">
      <circle cx="28" cy="28" r="28" fill="rgba(0,0,0,.55)" />
      <path d="M22 17l18 11-18 11z" fill="#fff" />
    </svg>
  );
}

/** A chevron, for menus and pagination. */
export function ChevronIcon({ direction }: { direction: 'left' | 'right' | 'down' }) {
  const d =
    direction === 'left'
      ? 'M15 18l-6-6 6-6'
      : direction === 'right'
        ? 'M9 18l6-6-6-6'
        : 'M6 9l6 6 6-6';
  return (
    <svg {...common}>
      <path d={d} />
    </svg>
  );
}
