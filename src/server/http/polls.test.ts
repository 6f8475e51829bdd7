import { beforeAll, describe, expect, it } from 'vitest';
import type { PollResultsView } from '../../domain/polls';
import { type BlockNode, documentOf, paragraph } from '../../rich-content/document';
import {
  buildPost,
  createMember,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';
import { VISITOR_COOKIE } from './visitor-id.server';

const harness = setUpTestApp({ withTestRoutes: true });
let otherSite: TestSite;
let owner: { id: string };
let ada: { id: string };
let ben: { id: string };
let blocked: { id: string };

function pollNode(
  id: string,
  settings: Record<string, unknown>,
  options = ['red', 'green', 'blue'],
): BlockNode {
  return {
    type: 'POLL',
    id: `node-${id}`,
    nodes: [],
    pollData: {
      poll: {
        id,
        title: `Poll ${id}`,
        options: options.map((o) => ({ id: o, title: o })),
        settings,
      },
      layout: { poll: { type: 'LIST', direction: 'LTR' } },
    },
  } as unknown as BlockNode;
}

const posts: Record<string, string> = {};

async function postWith(key: string, nodes: BlockNode[], status = 'published') {
  const post = buildPost(harness.site.id, owner.id, {
    status: status as 'published',
    content: documentOf([paragraph('Vote below.'), ...nodes]),
  });
  await harness.app.services.postWriter.insertPost(post);
  posts[key] = post.id;
}

const url = (post: string, poll: string) => `/api/posts/${posts[post]}/polls/${poll}`;

function as(member: { id: string } | null, headers: Record<string, string> = {}) {
  return {
    host: harness.site.host,
    ...(member ? { [TEST_MEMBER_HEADER]: member.id } : {}),
    ...headers,
  };
}

async function vote(post: string, poll: string, optionIds: unknown, member: { id: string } | null) {
  return harness.app.inject({
    method: 'PUT',
    url: `${url(post, poll)}/vote`,
    headers: as(member),
    payload: { optionIds },
  });
}

beforeAll(async () => {
  const { db, site } = harness;
  otherSite = await createTestSite(db);
  owner = await createMember(db, site.id, { role: 'writer', name: 'Olga Owner' });
  ada = await createMember(db, site.id, { role: 'user', name: 'Ada' });
  ben = await createMember(db, site.id, { role: 'user', name: 'Ben' });
  blocked = await createMember(db, site.id, { role: 'user', isBlocked: true });
  await postWith('open', [
    pollNode('everyone', {
      permissions: { view: 'EVERYONE', vote: 'SITE_MEMBERS' },
      showVotesCount: true,
      showVoters: true,
    }),
    pollNode('multi', { permissions: { view: 'EVERYONE', vote: 'ALL', allowMultipleVotes: true } }),
  ]);
  await postWith('private', [
    pollNode('voters', { permissions: { view: 'VOTERS', vote: 'SITE_MEMBERS' } }),
    pollNode('creator', { permissions: { view: 'CREATOR', vote: 'ALL' } }),
  ]);
  await postWith('draft', [pollNode('draft', {})], 'unpublished');
});

describe('poll votes', () => {
  it('stores a member’s vote, replaces it on a second vote, and shows counts and voters', async () => {
    expect((await vote('open', 'everyone', ['red'], ada)).statusCode).toBe(200);
    expect((await vote('open', 'everyone', ['green'], ben)).statusCode).toBe(200);
    const changed = await vote('open', 'everyone', ['green'], ada);
    expect(changed.statusCode).toBe(200);
    const view = changed.json<PollResultsView>();
    expect(view.myChoice).toEqual(['green']);
    expect(view.results?.voterCount).toBe(2);
    expect(view.results?.options.green).toEqual({ share: 100, count: 2, voters: ['Ben', 'Ada'] });
    expect(view.results?.options.red).toEqual({ share: 0, count: 0, voters: [] });
    expect(changed.headers['cache-control']).toBe('private, no-store');
  });

  it('asks visitors to log in when only members vote, and shows them public results', async () => {
    const refused = await vote('open', 'everyone', ['red'], null);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('login-required');
    const seen = await harness.app.inject({
      method: 'GET',
      url: url('open', 'everyone'),
      headers: as(null),
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json<PollResultsView>().voteRefusal).toBe('login-required');
    expect(seen.json<PollResultsView>().results?.voterCount).toBe(2);
    expect(seen.headers['set-cookie']).toBeUndefined();
  });

  it('lets a visitor vote in a poll open to all, once, remembered by a cookie', async () => {
    const first = await vote('open', 'multi', ['red', 'blue'], null);
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(
      new RegExp(`^${VISITOR_COOKIE}=[0-9a-f-]{36}; Path=/;.*HttpOnly; SameSite=Lax`),
    );
    const visitorCookie = cookie.split(';')[0]!;
    expect(first.json<PollResultsView>().myChoice.sort()).toEqual(['blue', 'red']);

    // The visitor's cookie is a credential: changing the vote needs the anti-forgery token bound
    // to it (decision 017), which the page's script fetches.
    const forged = await harness.app.inject({
      method: 'PUT',
      url: `${url('open', 'multi')}/vote`,
      headers: as(null, { cookie: visitorCookie }),
      payload: { optionIds: ['green'] },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('csrf_invalid');
    const csrf = await harness.app.inject({
      url: '/api/session/csrf',
      headers: as(null, { cookie: visitorCookie }),
    });
    const again = await harness.app.inject({
      method: 'PUT',
      url: `${url('open', 'multi')}/vote`,
      headers: as(null, { cookie: visitorCookie, 'x-csrf-token': csrf.json().token }),
      payload: { optionIds: ['green'] },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    const view = again.json<PollResultsView>();
    expect(view.myChoice).toEqual(['green']);
    expect(view.results?.voterCount).toBe(1);
    // Without showVotesCount the counts stay hidden, the shares are shown.
    expect(view.results?.options.green).toEqual({ share: 100, count: null, voters: null });
  });

  it('refuses bad choices with the field', async () => {
    for (const optionIds of [[], ['red', 'green'], ['purple'], 'red', [1]]) {
      const response = await vote('open', 'everyone', optionIds, ada);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}).join()).toMatch(/optionIds/);
    }
  });

  it('refuses blocked members', async () => {
    const response = await vote('open', 'everyone', ['red'], blocked);
    expect(response.statusCode).toBe(403);
  });

  it('shows results only to voters, or only to the creator, as the poll says', async () => {
    const before = await harness.app.inject({
      method: 'GET',
      url: url('private', 'voters'),
      headers: as(ada),
    });
    expect(before.json<PollResultsView>().results).toBeNull();
    const after = await vote('private', 'voters', ['blue'], ada);
    expect(after.json<PollResultsView>().results?.options.blue?.share).toBe(100);

    const voted = await vote('private', 'creator', ['red'], ben);
    expect(voted.statusCode).toBe(200);
    expect(voted.json<PollResultsView>().results).toBeNull();
    const creator = await harness.app.inject({
      method: 'GET',
      url: url('private', 'creator'),
      headers: as(owner),
    });
    expect(creator.json<PollResultsView>().results?.voterCount).toBe(1);
  });

  it('finds no poll in drafts, in other sites, or under a wrong id', async () => {
    expect((await vote('draft', 'draft', ['red'], ada)).statusCode).toBe(404);
    expect((await vote('open', 'nope', ['red'], ada)).statusCode).toBe(404);
    const elsewhere = await harness.app.inject({
      method: 'GET',
      url: url('open', 'everyone'),
      headers: { host: otherSite.host },
    });
    expect(elsewhere.statusCode).toBe(404);
    const badId = await harness.app.inject({
      method: 'GET',
      url: '/api/posts/not-a-uuid/polls/x',
      headers: as(ada),
    });
    expect(badId.statusCode).toBe(400);
  });
});
