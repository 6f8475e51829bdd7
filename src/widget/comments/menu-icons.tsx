/**
 * The icons of the post's and the comments' menus (issue 6), drawn in place (`LineIcon`): they
 * load with the post page, not with the sprite every page carries (decision 009).
 */
import { LineIcon } from '../components/line-icon';

/** A bell: subscribe to a post's comments. */
export const BellIcon = () => (
  <LineIcon>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4" />
  </LineIcon>
);

/** A bell struck through: unsubscribe. */
export const BellOffIcon = () => (
  <LineIcon>
    <path d="M6 16V11a6 6 0 0 1 9.5-4.9M18 11v5l2 2H4M10 21h4M3 3l18 18" />
  </LineIcon>
);

/** A plus in a circle: follow the blog. */
export const FollowIcon = () => (
  <LineIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v8M8 12h8" />
  </LineIcon>
);

/** A check in a circle: following the blog (pressing stops it). */
export const FollowingIcon = () => (
  <LineIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 12.5l2.5 2.5 4.5-5" />
  </LineIcon>
);

/** A pencil: edit. */
export const EditIcon = () => (
  <LineIcon>
    <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />
  </LineIcon>
);

/** A printer: print. */
export const PrintIcon = () => (
  <LineIcon>
    <path d="M7 9V3.5h10V9M7 17H4.5V9.5h15V17H17" />
    <path d="M7 14h10v6.5H7z" />
  </LineIcon>
);

/** A speech bubble: turn commenting on. */
export const CommentOnIcon = () => (
  <LineIcon>
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
  </LineIcon>
);

/** A speech bubble struck through: turn commenting off. */
export const CommentOffIcon = () => (
  <LineIcon>
    <path d="M21 15a2 2 0 0 1-2 2H9M5.5 5.5H5a2 2 0 0 0-2 2V21l4-4M9 3h10a2 2 0 0 1 2 2v7M3 3l18 18" />
  </LineIcon>
);

/** A flag: report. */
export const FlagIcon = () => (
  <LineIcon>
    <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
  </LineIcon>
);

/** A bin: delete. */
export const TrashIcon = () => (
  <LineIcon>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </LineIcon>
);

/** A pushpin: pin the post to the top of the feed (or, struck through, unpin it). */
export const PinIcon = ({ isStruck = false }: { isStruck?: boolean }) => (
  <LineIcon>
    <path d="M9 4h6l-1 6 3 3H7l3-3zM12 13v7" />
    {isStruck ? <path d="M4 4l16 16" /> : null}
  </LineIcon>
);

/** Two sheets: duplicate the post. */
export const DuplicateIcon = () => (
  <LineIcon>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </LineIcon>
);

/** An arrow turning back: revert the post to a draft. */
export const UnpublishIcon = () => (
  <LineIcon>
    <path d="M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />
  </LineIcon>
);
