/** Longest slug `slugify` produces (URL segments stay readable and fit index keys). */
export const SLUG_MAX_LENGTH = 100;

/** Slug used when the text has nothing left to slugify. */
export const FALLBACK_SLUG = 'post';

/** How many numbered candidates `uniqueSlug` tries before giving up. */
export const UNIQUE_SLUG_MAX_ATTEMPTS = 10_000;

/** SPEC §2 'Reserved words': path segments that can never be a post or category slug. */
export const RESERVED_SLUGS: readonly string[] = /* @__PURE__ */ Object.freeze([
  'profiles',
  'settings',
  'notifications',
  'search',
  'posts',
  'members',
  'login',
  'sign-in',
  'sign-up',
  'signin',
  'signup',
  'account-suspended',
  'create-post',
  'edit',
  'create-category',
  '404',
  'widget',
  'mobile',
  'app-settings',
  'custom-feed-widget',
  'custom-feed-widget-settings',
  'recent-posts-widget',
  'recent-posts-widget-settings',
  'add-ons-modal',
  'confirmation-modal',
  'modal',
  'user',
  'users',
  'delete',
  'main',
  'system',
  'about',
  'update',
  'new-post-modal',
  'manage-posts-modal',
  'categories',
  'category',
  'new-post',
  'create',
  'new',
  'add',
  'feed',
  'stats',
  'subscribe',
  'post-list-modal',
]);

const RESERVED_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(RESERVED_SLUGS);

/** Whether a slug is one of the reserved words (case-insensitive). SPEC §2. */
export function isReservedSlug(slug: string): boolean {
  return RESERVED_SET.has(slug.toLowerCase());
}

/**
 * Turns free text (a title, a label) into a URL slug: lowercase ASCII letters and digits
 * separated by single dashes, at most `SLUG_MAX_LENGTH` characters, never empty.
 */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    // Combining marks left by NFKD are the accents of the folded letters.
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const clipped = slug.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
  return clipped === '' ? FALLBACK_SLUG : clipped;
}

/**
 * Returns `base`, else `base-2`, `base-3`…: the first candidate `taken` reports free, never a
 * reserved word (SPEC §2): a reserved base gets a suffix first (`-post`, or `reservedSuffix`:
 * a tag called "New" lives at `new-tag`). The result stays within `SLUG_MAX_LENGTH` by shortening
 * the base. Throws after `UNIQUE_SLUG_MAX_ATTEMPTS` candidates.
 */
export function uniqueSlug(
  base: string,
  taken: (slug: string) => boolean,
  reservedSuffix = 'post',
): string {
  const start = base === '' ? FALLBACK_SLUG : base;
  const root = isReservedSlug(start) ? `${start}-${reservedSuffix}` : start;
  for (let attempt = 1; attempt <= UNIQUE_SLUG_MAX_ATTEMPTS; attempt += 1) {
    const suffix = attempt === 1 ? '' : `-${attempt}`;
    const candidate = `${root.slice(0, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!isReservedSlug(candidate) && !taken(candidate)) return candidate;
  }
  throw new Error(`No free slug for '${base}'`);
}

/** What a slug a writer types must look like: lowercase letters and digits joined by single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `slug` has a slug's shape (`SLUG_PATTERN`, at most `SLUG_MAX_LENGTH` characters). */
export function isSlugShape(slug: string): boolean {
  return slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug);
}

/**
 * A slug field's text as the writer types it: lowercase, anything but letters and digits turned
 * into a dash, no repeated dash, at most `SLUG_MAX_LENGTH` characters. A trailing dash stays (the
 * writer is typing the next word); `slugify` tidies the end when the field is left.
 */
export function slugInput(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX_LENGTH);
}

/**
 * The placeholder slug of a draft without a title (`draft-` and the id's first 8 characters), so
 * its address exists before it is named.
 */
export function draftPlaceholderSlug(postId: string): string {
  return `draft-${postId.slice(0, 8)}`;
}

/**
 * Whether a post's slug is the one its title gave it (`slugify(title)`, maybe with the suffix
 * `uniqueSlug` adds) or a draft's placeholder, rather than one the writer chose: a draft's
 * derived slug follows its title, a chosen one stays (issue 19 "slug, editable").
 */
export function isDerivedSlug(slug: string, post: { id: string; title: string }): boolean {
  if (slug === draftPlaceholderSlug(post.id)) return true;
  if (post.title.trim() === '') return false;
  const base = slugify(post.title);
  const root = isReservedSlug(base) ? `${base}-post` : base;
  if (slug === root) return true;
  const numbered = /^(.+)-(\d+)$/.exec(slug);
  if (numbered === null) return false;
  const [, prefix, digits] = numbered as unknown as [string, string, string];
  // uniqueSlug shortens a long root to fit the suffix within SLUG_MAX_LENGTH.
  const isShortened = root.length + digits.length + 1 > SLUG_MAX_LENGTH && root.startsWith(prefix);
  return prefix === root || isShortened;
}

/** SPEC §5: category slugs are stored and compared in lowercase. */
export function normalizeCategorySlug(slug: string): string {
  return slug.trim().toLowerCase();
}
