/**
 * Poll voting rules (SPEC §3 "Poll" settings, issue 4 "polls that members can vote in"): who may
 * vote, which choices are valid, who sees the results, and the results as a reader is shown
 * them. Pure: the poll service stores votes and asks these questions.
 */
import { z } from 'zod';
import type { Actor, DenialReason } from './permissions';
import { safeText } from './text-input';

/** The poll settings these rules read (the rich-content model's `poll.settings`, defaults applied). */
export interface PollRules {
  view: 'CREATOR' | 'VOTERS' | 'EVERYONE';
  vote: 'SITE_MEMBERS' | 'ALL';
  allowMultipleVotes: boolean;
  showVoters: boolean;
  showVotesCount: boolean;
}

/** A poll as the rules see it: its rules, its option ids and who created it. */
export interface PollFacts {
  rules: PollRules;
  optionIds: readonly string[];
  /** The poll's creator, or the post's owner when the poll names none. */
  creatorId: string | null;
}

/** Most voters named under one option (SPEC §3 `showVoters`): a list, not a directory. */
export const VOTERS_SHOWN_PER_OPTION = 20;

/** Option and poll ids: what the editor generates, bounded so they fit a key. */
const PollIdSchema = safeText().min(1).max(100);

export const PollParamsSchema = z.object({ postId: z.uuid(), pollId: PollIdSchema });
export type PollParams = z.infer<typeof PollParamsSchema>;

export const PollVoteSchema = z.strictObject({
  optionIds: z.array(PollIdSchema).min(1, 'choose at least one option').max(100),
});
export type PollVote = z.infer<typeof PollVoteSchema>;

/** Why this actor may not vote, or null. Blocked members never vote; ALL lets visitors vote. */
export function pollVoteRefusal(actor: Actor, rules: PollRules): DenialReason | null {
  if (actor.isBlocked) return 'forbidden';
  if (rules.vote === 'SITE_MEMBERS' && actor.memberId === null) return 'login-required';
  return null;
}

/** The problem with a choice, as a field message, or null when it can be stored. */
export function choiceProblem(poll: PollFacts, optionIds: readonly string[]): string | null {
  if (optionIds.length === 0) return 'choose at least one option';
  if (new Set(optionIds).size !== optionIds.length) return 'an option is chosen twice';
  if (!poll.rules.allowMultipleVotes && optionIds.length > 1) return 'choose one option';
  const known = new Set(poll.optionIds);
  if (optionIds.some((id) => !known.has(id))) return 'not an option of this poll';
  return null;
}

/** SPEC §3 view permission: everyone, those who voted (and the creator), or the creator only. */
export function canSeeResults(
  rules: PollRules,
  viewer: { memberId: string | null; hasVoted: boolean },
  creatorId: string | null,
): boolean {
  const isCreator = viewer.memberId !== null && viewer.memberId === creatorId;
  if (isCreator || rules.view === 'EVERYONE') return true;
  return rules.view === 'VOTERS' && viewer.hasVoted;
}

/** One vote as stored: the option and, for members, who cast it. */
export interface StoredVote {
  optionId: string;
  voterKey: string;
  member: { id: string; name: string } | null;
}

/** What a reader is shown of a poll. Counts and voters only when the rules allow them. */
export interface PollResultsView {
  /** The reader's own current choice (empty when they have not voted). */
  myChoice: string[];
  /** Why the reader may not vote, or null when they may. */
  voteRefusal: DenialReason | null;
  allowMultipleVotes: boolean;
  /** Null when the reader may not see results (SPEC §3 view permission). */
  results: {
    /** How many people voted (a voter with two choices counts once). */
    voterCount: number;
    /** Per option: its share of all choices in whole percent, and its count if shown. */
    options: Record<string, { share: number; count: number | null; voters: string[] | null }>;
  } | null;
}

/** The reader's view of a poll from its stored votes. */
export function presentPoll(
  poll: PollFacts,
  actor: Actor,
  viewerKey: string | null,
  votes: readonly StoredVote[],
): PollResultsView {
  const myChoice = viewerKey
    ? votes.filter((vote) => vote.voterKey === viewerKey).map((vote) => vote.optionId)
    : [];
  const view: PollResultsView = {
    myChoice,
    voteRefusal: pollVoteRefusal(actor, poll.rules),
    allowMultipleVotes: poll.rules.allowMultipleVotes,
    results: null,
  };
  const viewer = { memberId: actor.memberId, hasVoted: myChoice.length > 0 };
  if (!canSeeResults(poll.rules, viewer, poll.creatorId)) return view;

  const known = votes.filter((vote) => poll.optionIds.includes(vote.optionId));
  const choices = known.length;
  const options: NonNullable<PollResultsView['results']>['options'] = {};
  for (const optionId of poll.optionIds) {
    const forOption = known.filter((vote) => vote.optionId === optionId);
    options[optionId] = {
      share: choices > 0 ? Math.round((forOption.length / choices) * 100) : 0,
      count: poll.rules.showVotesCount ? forOption.length : null,
      voters: poll.rules.showVoters
        ? forOption
            .flatMap((vote) => (vote.member ? [vote.member.name] : []))
            .slice(0, VOTERS_SHOWN_PER_OPTION)
        : null,
    };
  }
  view.results = { voterCount: new Set(known.map((vote) => vote.voterKey)).size, options };
  return view;
}

/** The key a voter's choices are stored under: one per member, one per anonymous visitor. */
export function voterKeyOf(actor: Actor, visitorId: string | null): string | null {
  if (actor.memberId !== null) return `m:${actor.memberId}`;
  return visitorId ? `v:${visitorId}` : null;
}

/** The API address of a poll in a post (GET its view; PUT `/vote` to vote). */
export function pollApiUrl(postId: string, pollId: string): string {
  return `/api/posts/${encodeURIComponent(postId)}/polls/${encodeURIComponent(pollId)}`;
}
