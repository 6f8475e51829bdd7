/**
 * An outline icon drawn in place: the 24-unit grid, round line ends, the text's colour. For icons
 * a page or panel uses once or twice; the feed's repeated icons live in the sprite (icons.tsx),
 * which every blog page carries. Decorative: callers give the accessible text.
 */
import type { ReactNode } from 'react';

export function LineIcon({
  size = 16,
  strokeWidth = 2,
  className,
  children,
}: {
  size?: number;
  strokeWidth?: number;
  className?: string;
  /** The icon's shapes (paths, rects) on the 24-unit grid. */
  children: ReactNode;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
