/**
 * Sample posts (SPEC §1 onboarding; issue 7): the owner of an empty blog fills it with a few
 * real-sounding posts from the demo content (sample-content/content.ts) to see how the blog will look.
 * They are ordinary published posts of the owner, written with the post writer's
 * `insertPostIn` (listing rows and counts included) in one transaction, and the site's
 * generation is bumped so cached pages and memos drop at once (decision 002).
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { type Actor, whyNot } from '../../domain/permissions';
import { slugify, uniqueSlug } from '../../domain/slugs';
import type { SiteView } from '../../domain/views';
import type { SiteGenerations } from '../cache/generations.server';
import { writeSiteContent } from '../cache/site-write.server';
import type { Database } from '../db/connection.server';
import { posts, sites } from '../db/schema.server';
import { AppError, PermissionError } from '../errors.server';
import { demoDocument } from '../sample-content/blocks.server';
import { type DemoPost, FEATURED_POSTS } from '../sample-content/content.server';
import { insertPostIn } from './post-writer.server';

/** The demo posts an owner gets, newest first: one each of travel, food, design and wellness. */
export const SAMPLE_POST_TITLES: readonly string[] = [
  'Forty-Eight Hours in Lisbon Without a Plan',
  'The Sunday Soup That Got Me Through Winter',
  'Why Good Design Feels Invisible',
  'A Morning Routine That Takes Ten Minutes and Actually Sticks',
];

const SAMPLE_POSTS: readonly DemoPost[] = SAMPLE_POST_TITLES.map((title) => {
  const post = FEATURED_POSTS.find((candidate) => candidate.title === title);
  if (!post) throw new Error(`No demo post titled '${title}'`);
  return post;
});

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SamplePostsDeps {
  db: Database;
  generations: SiteGenerations;
}

/** What adding the sample posts made. */
export interface SamplePostsResult {
  /** The new posts' slugs, newest first. */
  slugs: string[];
}

/** Builds the sample posts service. */
export function createSamplePosts({ db, generations }: SamplePostsDeps) {
  /**
   * Adds the sample posts to an empty blog (owners only). A blog that already has a published
   * post is refused (409 `blog_has_posts`): the samples are a first run's, and a second press
   * must not add them twice. The site's row is locked meanwhile, so two presses at once add one set.
   */
  async function addSamplePosts(actor: Actor, site: SiteView): Promise<SamplePostsResult> {
    const refusal = whyNot(actor, 'sample-posts:add', {});
    if (refusal) throw new PermissionError(refusal);
    const ownerId = actor.memberId!;
    const now = Date.now();
    const slugs = await writeSiteContent({ db, generations }, site.id, async (tx) => {
      await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, site.id)).for('update');
      const [published] = await tx
        .select({ n: count() })
        .from(posts)
        .where(and(eq(posts.siteId, site.id), eq(posts.status, 'published')));
      if ((published?.n ?? 0) > 0) {
        throw new AppError(409, 'blog_has_posts', 'The blog already has published posts');
      }
      const taken = new Set(
        (await tx.select({ slug: posts.slug }).from(posts).where(eq(posts.siteId, site.id))).map(
          (row) => row.slug,
        ),
      );
      const added: string[] = [];
      for (const [index, sample] of SAMPLE_POSTS.entries()) {
        // A day or two apart, newest first, to the whole second.
        const date = new Date(Math.floor((now - (index * 2 + 1) * DAY_MS) / 1000) * 1000);
        const slug = uniqueSlug(slugify(sample.title), (candidate) => taken.has(candidate));
        taken.add(slug);
        await insertPostIn(tx, {
          id: randomUUID(),
          siteId: site.id,
          slug,
          title: sample.title,
          content: demoDocument(sample.blocks, date),
          status: 'published',
          ownerId,
          firstPublishedDate: date,
          coverImage: { isEnabled: true, isCustom: false, image: null },
          language: site.language,
          createdAt: date,
          updatedAt: date,
        });
        added.push(slug);
      }
      return added;
    });
    return { slugs };
  }

  return { addSamplePosts };
}

export type SamplePostsService = ReturnType<typeof createSamplePosts>;
