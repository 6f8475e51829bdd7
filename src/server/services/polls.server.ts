/**
 * Voting in the polls of published posts (SPEC §3 "Poll", issue 4): read a poll's results as the
 * asking reader may see them, and replace the reader's choice with a new one. The poll itself is
 * the POLL node in the post's content; votes are rows of `poll_votes`. The rules (who votes, who
 * sees, which choices are valid) are `domain/polls.ts`.
 *
 * Votes do not touch the site's generation: results are fetched by the page after it loads, so
 * no cached page holds them.
 */
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../domain/permissions';
import {
  choiceProblem,
  type PollFacts,
  type PollResultsView,
  pollVoteRefusal,
  presentPoll,
  voterKeyOf,
} from '../../domain/polls';
import type { SiteView } from '../../domain/views';
import { PollDataSchema, type RichDocument, type RichNode } from '../../rich-content/document';
import { walkNodes } from '../../rich-content/text';
import type { Database } from '../db/connection.server';
import { members, pollVotes, posts } from '../db/schema.server';
import { NotFoundError, PermissionError, ValidationError } from '../errors.server';

export interface PollServiceDeps {
  db: Database;
}

/** Who is asking: the actor, and the anonymous visitor's id when there is one. */
export interface PollReader {
  actor: Actor;
  visitorId: string | null;
}

/** The poll with `pollId` in a document, with its settings' defaults applied; null if none. */
export function findPoll(doc: RichDocument, pollId: string) {
  for (const node of walkNodes(doc.nodes) as Iterable<RichNode>) {
    if (node.type !== 'POLL') continue;
    const parsed = PollDataSchema.safeParse(node.pollData);
    if (parsed.success && parsed.data.poll.id === pollId) return parsed.data.poll;
  }
  return null;
}

/** Builds the poll service. */
export function createPollService({ db }: PollServiceDeps) {
  /** The poll of a published post of the site as the rules see it; 404 when there is none. */
  async function loadPoll(site: SiteView, postId: string, pollId: string): Promise<PollFacts> {
    const [post] = await db
      .select({ content: posts.content, ownerId: posts.ownerId })
      .from(posts)
      .where(and(eq(posts.siteId, site.id), eq(posts.id, postId), eq(posts.status, 'published')))
      .limit(1);
    const poll = post ? findPoll(post.content as RichDocument, pollId) : null;
    if (!post || !poll) throw new NotFoundError('poll_not_found', 'Poll not found');
    const { permissions } = poll.settings;
    return {
      rules: {
        view: permissions.view,
        vote: permissions.vote,
        allowMultipleVotes: permissions.allowMultipleVotes === true,
        showVoters: poll.settings.showVoters === true,
        showVotesCount: poll.settings.showVotesCount === true,
      },
      // Options without an id cannot be voted for: there is nothing to store the vote under.
      optionIds: poll.options.flatMap((option) => (option.id ? [option.id] : [])),
      creatorId: poll.creatorId ?? post.ownerId,
    };
  }

  async function storedVotes(site: SiteView, postId: string, pollId: string) {
    const rows = await db
      .select({
        optionId: pollVotes.optionId,
        voterKey: pollVotes.voterKey,
        memberId: members.id,
        memberName: members.name,
      })
      .from(pollVotes)
      .leftJoin(
        members,
        and(eq(members.siteId, pollVotes.siteId), eq(members.id, pollVotes.memberId)),
      )
      .where(
        and(
          eq(pollVotes.siteId, site.id),
          eq(pollVotes.postId, postId),
          eq(pollVotes.pollId, pollId),
        ),
      )
      .orderBy(pollVotes.createdAt, pollVotes.voterKey);
    return rows.map((row) => ({
      optionId: row.optionId,
      voterKey: row.voterKey,
      member:
        row.memberId !== null && row.memberName !== null
          ? { id: row.memberId, name: row.memberName }
          : null,
    }));
  }

  /** The poll as this reader sees it, from its stored votes. */
  async function present(
    reader: PollReader,
    site: SiteView,
    postId: string,
    pollId: string,
    poll: PollFacts,
  ): Promise<PollResultsView> {
    const votes = await storedVotes(site, postId, pollId);
    return presentPoll(poll, reader.actor, voterKeyOf(reader.actor, reader.visitorId), votes);
  }

  /** The poll as this reader may see it. */
  async function results(
    reader: PollReader,
    site: SiteView,
    postId: string,
    pollId: string,
  ): Promise<PollResultsView> {
    return present(reader, site, postId, pollId, await loadPoll(site, postId, pollId));
  }

  /** Replaces the reader's choice in the poll with `optionIds`; returns the poll as they see it. */
  async function vote(
    reader: PollReader,
    site: SiteView,
    postId: string,
    pollId: string,
    optionIds: string[],
  ): Promise<PollResultsView> {
    const poll = await loadPoll(site, postId, pollId);
    const refusal = pollVoteRefusal(reader.actor, poll.rules);
    if (refusal !== null) throw new PermissionError(refusal);
    const problem = choiceProblem(poll, optionIds);
    if (problem !== null) throw new ValidationError({ optionIds: problem });
    const voterKey = voterKeyOf(reader.actor, reader.visitorId);
    // The HTTP layer always gives a visitor an id; without one there is no one to count.
    if (voterKey === null) throw new PermissionError('login-required');
    await db.transaction(async (tx) => {
      await tx
        .delete(pollVotes)
        .where(
          and(
            eq(pollVotes.siteId, site.id),
            eq(pollVotes.postId, postId),
            eq(pollVotes.pollId, pollId),
            eq(pollVotes.voterKey, voterKey),
          ),
        );
      await tx.insert(pollVotes).values(
        optionIds.map((optionId) => ({
          siteId: site.id,
          postId,
          pollId,
          optionId,
          voterKey,
          memberId: reader.actor.memberId,
        })),
      );
    });
    return present(reader, site, postId, pollId, poll);
  }

  return { results, vote };
}

export type PollService = ReturnType<typeof createPollService>;
