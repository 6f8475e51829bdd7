/**
 * The posts the peers (Ghost, WordPress) are seeded with: the same writing Inkwell's demo seed
 * composes its posts from (`composePost` over the seed's per-category pools, the same categories
 * and tags), so the three blogs carry posts of the same kind and length. Pure: the same count
 * always gives the same posts.
 */
import { slugify } from '../../src/domain/slugs';
import {
  COMPOSABLE_CATEGORIES,
  composePost,
  createRandom,
  DEMO_CATEGORIES,
  DEMO_TAGS,
  type DemoBlock,
  seedFrom,
} from '../../src/server/sample-content/content.server';

/** The generator seed of the peers' posts. */
const PEER_SEED = 20_261_127;

/** A term (category or tag) of a peer post. */
export interface PeerTerm {
  slug: string;
  label: string;
}

/** One post as the peers' seeders take it. */
export interface PeerPost {
  title: string;
  slug: string;
  /** The body as HTML (paragraphs, headings, lists, quotes, code, a divider). */
  html: string;
  /** The post's category (Ghost: its primary tag). */
  category: PeerTerm;
  /** One to three tags (never empty, so every post is on some tag page). */
  tags: PeerTerm[];
  /** ISO date; posts are a day apart, the first the newest. */
  publishedAt: string;
}

/** Escapes text for HTML. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** One block of the seed's writing as HTML. */
export function blockHtml(block: DemoBlock): string {
  switch (block.type) {
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'heading': {
      const level = block.level ?? 2;
      return `<h${level}>${escapeHtml(block.text)}</h${level}>`;
    }
    case 'bulleted':
    case 'ordered': {
      const tag = block.type === 'bulleted' ? 'ul' : 'ol';
      return `<${tag}>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${tag}>`;
    }
    case 'quote':
      return `<blockquote><p>${escapeHtml(block.text)}</p></blockquote>`;
    case 'code':
      return `<pre><code>${escapeHtml(block.text)}</code></pre>`;
    case 'divider':
      return '<hr>';
  }
}

const TAG_LABELS = new Map(DEMO_TAGS.map((tag) => [tag.slug, tag.label]));
const CATEGORY_LABELS = new Map(DEMO_CATEGORIES.map((category) => [category.slug, category.label]));

/** A tag of the seed by slug (its label when the seed names it, else the slug in words). */
function term(slug: string, labels: Map<string, string>): PeerTerm {
  return { slug, label: labels.get(slug) ?? slug.replaceAll('-', ' ') };
}

/**
 * `count` posts, categories in turn as the seed's composed posts are; titles that repeat get a
 * numbered slug so that every slug is unique.
 */
export function peerPosts(count: number, now = new Date('2026-11-01T09:00:00Z')): PeerPost[] {
  const random = createRandom(seedFrom(PEER_SEED, 'peers'));
  const slugs = new Set<string>();
  const posts: PeerPost[] = [];
  for (let index = 0; index < count; index++) {
    const category = COMPOSABLE_CATEGORIES[index % COMPOSABLE_CATEGORIES.length]!;
    const ordinal = Math.floor(index / COMPOSABLE_CATEGORIES.length);
    const demo = composePost(random, category, ordinal);
    const base = slugify(demo.title) || `post-${index + 1}`;
    const slug = slugs.has(base) ? `${base}-${index + 1}` : base;
    slugs.add(slug);
    const tagSlugs =
      demo.tags.length > 0 ? [...demo.tags] : [DEMO_TAGS[index % DEMO_TAGS.length]!.slug];
    posts.push({
      title: demo.title,
      slug,
      html: demo.blocks.map(blockHtml).join('\n'),
      category: term(category, CATEGORY_LABELS),
      tags: tagSlugs.map((slug) => term(slug, TAG_LABELS)),
      publishedAt: new Date(now.getTime() - index * 86_400_000).toISOString(),
    });
  }
  return posts;
}

/** The tag most posts carry (the tag page loaded; ties go to the first seen). */
export function busiestTag(posts: PeerPost[]): PeerTerm {
  const counts = new Map<string, { term: PeerTerm; count: number }>();
  for (const post of posts) {
    for (const tag of post.tags) {
      const entry = counts.get(tag.slug) ?? { term: tag, count: 0 };
      entry.count++;
      counts.set(tag.slug, entry);
    }
  }
  let best: { term: PeerTerm; count: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  if (!best) throw new Error('No post has a tag');
  return best.term;
}

/**
 * Words the seed's texts use often (as `npm run bench`'s search scenario); the search page loads
 * the first that at least `minPosts` posts contain, so each product ranks many matches.
 */
const SEARCH_WORDS = ['coffee', 'city', 'light', 'travel', 'bread', 'walk', 'time'];

/** The search word: the first of the common words in at least `minPosts` of the posts. */
export function searchWord(posts: PeerPost[], minPosts = 20): string {
  for (const word of SEARCH_WORDS) {
    const pattern = new RegExp(`\\b${word}\\b`, 'i');
    const matches = posts.filter((post) => pattern.test(`${post.title} ${post.html}`)).length;
    if (matches >= minPosts) return word;
  }
  throw new Error(`None of ${SEARCH_WORDS.join(', ')} is in ${minPosts} posts`);
}
