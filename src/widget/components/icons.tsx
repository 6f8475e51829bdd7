/**
 * Small icons, drawn once in a sprite that the blog layout renders, and referenced by `<use>`:
 * a feed of 20 cards would otherwise repeat the same paths dozens of times in its HTML. They are
 * decorative; callers give the accessible text.
 */
const ICON_PATHS = {
  eye: (
    <>
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  comment: <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />,
  // Filled where its button says so (`--icon-fill`, a liked like button).
  heart: (
    <path
      d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z"
      style={{ fill: 'var(--icon-fill, none)' }}
    />
  ),
  pin: <path d="M12 17v5M9 10.8V4h6v6.8l3 3.2H6z" />,
  'chevron-left': <path d="M15 18l-6-6 6-6" />,
  'chevron-right': <path d="M9 18l6-6-6-6" />,
  'chevron-down': <path d="M6 9l6 6 6-6" />,
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  close: <path d="M18 6L6 18M6 6l12 12" />,
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  // Filled dots: their own fill and no stroke, over the sprite's outline style.
  dots: (
    <path
      d="M3 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0M10 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0M17 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0"
      fill="currentColor"
      stroke="none"
    />
  ),
};

type IconName = keyof typeof ICON_PATHS;

/** The sprite: rendered once per page, hidden, before any icon that uses it. */
export function IconSprite() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true" focusable="false">
      {Object.entries(ICON_PATHS).map(([name, paths]) => (
        <symbol
          key={name}
          id={`icon-${name}`}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {paths}
        </symbol>
      ))}
    </svg>
  );
}

function Icon({
  name,
  size = 16,
  className = 'icon',
}: {
  name: IconName;
  size?: number;
  className?: string;
}) {
  return (
    <svg className={className} width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`#icon-${name}`} />
    </svg>
  );
}

/** An eye, for view counts. */
export const EyeIcon = () => <Icon name="eye" />;
/** A speech bubble, for comment counts. */
export const CommentIcon = () => <Icon name="comment" />;
/** A heart, for likes. */
export const HeartIcon = () => <Icon name="heart" />;
/** A pin, for pinned posts. */
export const PinIcon = () => <Icon name="pin" />;

/** A magnifying glass, for the header search. */
export const SearchIcon = () => <Icon name="search" />;
/** A head and shoulders, for logging in and the profile area. */
export const UserIcon = () => <Icon name="user" />;
/** A plus, for creating a post. */
export const PlusIcon = () => <Icon name="plus" />;
/** A cross, for closing and clearing. */
export const CloseIcon = () => <Icon name="close" />;
/** Three lines, for a menu that has no room for its name. */
export const MenuIcon = () => <Icon name="menu" />;
/** Three dots, for more-options menus (a card has one: one `<use>` rather than three circles). */
export const DotsIcon = () => <Icon name="dots" size={20} />;

/**
 * A chevron, for menus and pagination. One pointing left or right points along the reading
 * direction (previous, next, a breadcrumb's "inside"), so right-to-left pages mirror it
 * (`icon--directional`, base.css; issue 22).
 */
export function ChevronIcon({ direction }: { direction: 'left' | 'right' | 'down' }) {
  return (
    <Icon
      name={`chevron-${direction}`}
      className={direction === 'down' ? 'icon' : 'icon icon--directional'}
    />
  );
}

/** A play triangle in a circle, for video covers (drawn in place: it has its own colours). */
export function PlayIcon() {
  return (
    <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true" focusable="false">
      <circle cx="28" cy="28" r="28" fill="rgba(0,0,0,.55)" />
      <path d="M22 17l18 11-18 11z" fill="#fff" />
    </svg>
  );
}
