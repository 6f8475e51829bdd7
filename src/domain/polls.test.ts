import { describe, expect, it } from 'vitest';
import { type Actor, ANONYMOUS_ACTOR } from './permissions';
import {
  canSeeResults,
  choiceProblem,
  type PollFacts,
  type PollRules,
  PollVoteSchema,
  pollVoteRefusal,
  presentPoll,
  type StoredVote,
  VOTERS_SHOWN_PER_OPTION,
  voterKeyOf,
} from './polls';

const RULES: PollRules = {
  view: 'EVERYONE',
  vote: 'SITE_MEMBERS',
  allowMultipleVotes: false,
  showVoters: false,
  showVotesCount: true,
};
const member = (id: string, extra: Partial<Actor> = {}): Actor => ({
  memberId: id,
  role: 'user',
  isBlocked: false,
  privacy: 'PUBLIC',
  ...extra,
});
const poll = (rules: Partial<PollRules> = {}): PollFacts => ({
  rules: { ...RULES, ...rules },
  optionIds: ['a', 'b', 'c'],
  creatorId: 'creator',
});
const vote = (optionId: string, voter: string, name?: string): StoredVote => ({
  optionId,
  voterKey: voter,
  member: name ? { id: voter.slice(2), name } : null,
});

describe('pollVoteRefusal', () => {
  it('asks visitors to log in when only members vote, and lets them vote when all may', () => {
    expect(pollVoteRefusal(ANONYMOUS_ACTOR, RULES)).toBe('login-required');
    expect(pollVoteRefusal(ANONYMOUS_ACTOR, { ...RULES, vote: 'ALL' })).toBeNull();
    expect(pollVoteRefusal(member('m1'), RULES)).toBeNull();
  });

  it('refuses blocked members whatever the setting', () => {
    const blocked = member('m1', { isBlocked: true });
    expect(pollVoteRefusal(blocked, RULES)).toBe('forbidden');
    expect(pollVoteRefusal(blocked, { ...RULES, vote: 'ALL' })).toBe('forbidden');
  });
});

describe('choiceProblem', () => {
  it('accepts one known option, or several when the poll allows it', () => {
    expect(choiceProblem(poll(), ['a'])).toBeNull();
    expect(choiceProblem(poll({ allowMultipleVotes: true }), ['a', 'c'])).toBeNull();
  });

  it('names what is wrong with a choice', () => {
    expect(choiceProblem(poll(), [])).toBe('choose at least one option');
    expect(choiceProblem(poll(), ['a', 'b'])).toBe('choose one option');
    expect(choiceProblem(poll({ allowMultipleVotes: true }), ['a', 'a'])).toBe(
      'an option is chosen twice',
    );
    expect(choiceProblem(poll(), ['z'])).toBe('not an option of this poll');
  });

  it('validates the request body shape', () => {
    expect(PollVoteSchema.safeParse({ optionIds: ['a'] }).success).toBe(true);
    expect(PollVoteSchema.safeParse({ optionIds: [] }).success).toBe(false);
    expect(PollVoteSchema.safeParse({ optionIds: ['a'], extra: 1 }).success).toBe(false);
    expect(PollVoteSchema.safeParse({ optionIds: ['x'.repeat(101)] }).success).toBe(false);
  });
});

describe('canSeeResults', () => {
  const visitor = { memberId: null, hasVoted: false };
  it('follows the view permission, and always shows the creator', () => {
    expect(canSeeResults(RULES, visitor, 'creator')).toBe(true);
    const voters = { ...RULES, view: 'VOTERS' as const };
    expect(canSeeResults(voters, visitor, 'creator')).toBe(false);
    expect(canSeeResults(voters, { memberId: 'm1', hasVoted: true }, 'creator')).toBe(true);
    const creatorOnly = { ...RULES, view: 'CREATOR' as const };
    expect(canSeeResults(creatorOnly, { memberId: 'm1', hasVoted: true }, 'creator')).toBe(false);
    expect(canSeeResults(creatorOnly, { memberId: 'creator', hasVoted: false }, 'creator')).toBe(
      true,
    );
    expect(canSeeResults(creatorOnly, visitor, null)).toBe(false);
  });
});

describe('presentPoll', () => {
  const votes = [
    vote('a', 'm:1', 'Ada'),
    vote('a', 'm:2', 'Ben'),
    vote('b', 'v:x'),
    vote('gone', 'm:3', 'Cy'),
  ];

  it('gives shares of all choices, counts, and the reader’s own choice', () => {
    const view = presentPoll(poll(), member('1'), 'm:1', votes);
    expect(view.myChoice).toEqual(['a']);
    expect(view.voteRefusal).toBeNull();
    // The vote for an option the poll no longer has is not counted.
    expect(view.results?.voterCount).toBe(3);
    expect(view.results?.options).toEqual({
      a: { share: 67, count: 2, voters: null },
      b: { share: 33, count: 1, voters: null },
      c: { share: 0, count: 0, voters: null },
    });
  });

  it('hides counts without showVotesCount and names member voters with showVoters', () => {
    const view = presentPoll(
      poll({ showVotesCount: false, showVoters: true }),
      member('9'),
      'm:9',
      votes,
    );
    expect(view.results?.options.a).toEqual({ share: 67, count: null, voters: ['Ada', 'Ben'] });
    expect(view.results?.options.b?.voters).toEqual([]);
  });

  it('names at most a bounded number of voters per option', () => {
    const many = Array.from({ length: VOTERS_SHOWN_PER_OPTION + 5 }, (_, i) =>
      vote('a', `m:${i}`, `Voter ${i}`),
    );
    const view = presentPoll(poll({ showVoters: true }), member('x'), 'm:x', many);
    expect(view.results?.options.a?.voters).toHaveLength(VOTERS_SHOWN_PER_OPTION);
  });

  it('shows no results to a reader the view permission leaves out', () => {
    const view = presentPoll(poll({ view: 'VOTERS' }), ANONYMOUS_ACTOR, null, votes);
    expect(view.results).toBeNull();
    expect(view.myChoice).toEqual([]);
    expect(view.voteRefusal).toBe('login-required');
  });

  it('counts shares as zero when nobody voted', () => {
    const view = presentPoll(poll(), member('1'), 'm:1', []);
    expect(view.results).toEqual({
      voterCount: 0,
      options: {
        a: { share: 0, count: 0, voters: null },
        b: { share: 0, count: 0, voters: null },
        c: { share: 0, count: 0, voters: null },
      },
    });
  });
});

describe('voterKeyOf', () => {
  it('keys members by member id and visitors by their visitor id', () => {
    expect(voterKeyOf(member('m1'), 'v1')).toBe('m:m1');
    expect(voterKeyOf(ANONYMOUS_ACTOR, 'v1')).toBe('v:v1');
    expect(voterKeyOf(ANONYMOUS_ACTOR, null)).toBeNull();
  });
});
