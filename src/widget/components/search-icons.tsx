/**
 * The search page's icons, drawn in place: the page does not depend on the header's sprite, and
 * it has only these three. Decorative; callers give the accessible text.
 */

/** A magnifying glass, `size` pixels square. */
export function MagnifierIcon({ size = 20 }: { size?: number }) {
  return (
    <svg className="search-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** An arrow pointing back: to the right in right-to-left pages (`icon--directional`). */
export function ArrowLeftIcon() {
  return (
    <svg
      className="search-icon icon--directional"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
    >
      <path
        d="M19 12H5M11 18l-6-6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A cross, for clearing. */
export function CrossIcon() {
  return (
    <svg className="search-icon" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M18 6L6 18M6 6l12 12"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
