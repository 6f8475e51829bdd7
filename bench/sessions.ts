/**
 * Real members for the member scenarios (issue 20): several seeded members log in through the API
 * as a browser does (anti-forgery token first, then `POST /api/auth/login`), like the posts the
 * scenarios load and get notifications, and each measured page is checked to be that member's
 * page before any load runs. A made-up session cookie would skip the session lookup and every
 * member query, so it would measure a page no member gets.
 */
import { CSRF_HEADER, CSRF_TOKEN_URL, SESSION_COOKIE } from '../src/domain/session';

/** The seed's one password (README "Demo accounts"). */
export const SEED_PASSWORD = 'inkwell-demo';

/**
 * The seeded members the member runs rotate through: the owner, the editor, two writers and two
 * plain users (none blocked: a blocked member counts as a guest and would not get a member's
 * page). Sofia Marchetti also has the seed's own notifications.
 */
export const BENCH_MEMBER_EMAILS = [
  'sofia-marchetti@example.com',
  'kenji-watanabe@example.com',
  'maya-lindqvist@example.com',
  'daniel-okafor@example.com',
  'hannah-becker@example.com',
  'amara-nwosu@example.com',
] as const;

/** A member signed in for the bench. */
export interface MemberSession {
  id: string;
  name: string;
  slug: string;
  email: string;
  /** The `Cookie` header of their browser: the session and the anti-forgery cookie. */
  cookie: string;
  /** The anti-forgery token their state-changing calls carry. */
  csrfToken: string;
}

/** The `name=value` pairs a response set, by name. */
function setCookies(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return cookies;
}

/** The `Cookie` header of a cookie jar. */
function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Fails with the URL, the status and the start of the body. */
async function expectStatus(response: Response, expected: number[], what: string): Promise<void> {
  if (expected.includes(response.status)) return;
  const body = await response.text();
  throw new Error(`${what} answered ${response.status}: ${body.slice(0, 300)}`);
}

/** Logs one member in through the API, as the login page's script does. */
export async function logIn(baseUrl: string, email: string): Promise<MemberSession> {
  const tokenResponse = await fetch(`${baseUrl}${CSRF_TOKEN_URL}`);
  await expectStatus(tokenResponse, [200], `GET ${CSRF_TOKEN_URL}`);
  const { token } = (await tokenResponse.json()) as { token: string };
  // The token is bound to the visitor id that answer minted: its cookies go along, as a browser's.
  const jar = setCookies(tokenResponse);
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookieHeader(jar),
      [CSRF_HEADER]: token,
    },
    body: JSON.stringify({ email, password: SEED_PASSWORD }),
  });
  await expectStatus(response, [200], `POST /api/auth/login as ${email}`);
  const body = (await response.json()) as {
    member: { siteMemberId: string; name: string; slug: string } | null;
    csrfToken: string;
  };
  for (const [name, value] of setCookies(response)) jar.set(name, value);
  if (!body.member || !jar.get(SESSION_COOKIE)) {
    throw new Error(`POST /api/auth/login as ${email} gave no member or no session cookie`);
  }
  return {
    id: body.member.siteMemberId,
    name: body.member.name,
    slug: body.member.slug,
    email,
    cookie: cookieHeader(jar),
    csrfToken: body.csrfToken,
  };
}

/** Logs in every bench member (one after another: the login is slow on purpose). */
export async function logInMembers(
  baseUrl: string,
  emails: readonly string[] = BENCH_MEMBER_EMAILS,
): Promise<MemberSession[]> {
  const sessions: MemberSession[] = [];
  for (const email of emails) sessions.push(await logIn(baseUrl, email));
  return sessions;
}

/** A state-changing API call as a member. */
async function asMember(
  baseUrl: string,
  member: MemberSession,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      cookie: member.cookie,
      [CSRF_HEADER]: member.csrfToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A post the bench members like and are notified about. */
export interface LikedPost {
  id: string;
  slug: string;
  title: string;
}

/**
 * Gives every member likes and unread notifications through the API: each likes `posts` (the
 * posts the feed and post scenarios show, so their like state is on the measured pages), and each
 * gets a "liked your post" notification per post from the next member (the test-only route the
 * server runs with under the bench: a like notifies only the post's author, and the seeded
 * members are not all authors). Then checks each has unread notifications.
 */
export async function giveLikesAndNotifications(
  baseUrl: string,
  members: MemberSession[],
  posts: LikedPost[],
): Promise<void> {
  for (const [index, member] of members.entries()) {
    const fan = members[(index + 1) % members.length]!;
    for (const post of posts) {
      const like = await asMember(baseUrl, member, 'PUT', `/api/posts/${post.id}/like`);
      await expectStatus(like, [200], `PUT /api/posts/${post.id}/like as ${member.email}`);
      await like.arrayBuffer();
      const notified = await fetch(`${baseUrl}/api/test/notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          memberId: member.id,
          event: { kind: 'post-like', actor: { id: fan.id, name: fan.name, slug: fan.slug }, post },
        }),
      });
      await expectStatus(notified, [200, 201], `POST /api/test/notifications for ${member.email}`);
      await notified.arrayBuffer();
    }
    const unread = await fetch(`${baseUrl}/api/notifications/unread-count`, {
      headers: { cookie: member.cookie },
    });
    await expectStatus(unread, [200], `GET /api/notifications/unread-count as ${member.email}`);
    const count = (await unread.json()) as { unread?: number };
    if (!count.unread) throw new Error(`${member.email} has no unread notifications`);
  }
}

/** Text as React escapes it in HTML. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
}

/**
 * Why `html` is not `member`'s page, or null when it is: their name in the header's profile area,
 * the notifications bell, and no visitor's Log In button.
 */
export function notMembersPage(html: string, member: Pick<MemberSession, 'name'>): string | null {
  const problems: string[] = [];
  if (!html.includes(`header-profile__name">${escapeHtml(member.name)}<`)) {
    problems.push(`no "${member.name}" in the header's profile area`);
  }
  if (!html.includes('header-notifications')) problems.push('no notifications bell');
  if (/class="[^"]*\bheader-login\b/.test(html)) problems.push("the visitor's Log In button");
  return problems.length === 0 ? null : problems.join(', ');
}

/** Fails unless `GET /api/session` with the member's cookie names that member. */
async function checkSessionLive(baseUrl: string, member: MemberSession): Promise<void> {
  const response = await fetch(`${baseUrl}/api/session`, { headers: { cookie: member.cookie } });
  await expectStatus(response, [200], `GET /api/session as ${member.name}`);
  const body = (await response.json()) as { member: { siteMemberId: string } | null };
  if (body.member?.siteMemberId !== member.id) {
    throw new Error(`The session of ${member.name} is not live (GET /api/session)`);
  }
}

/**
 * Fetches `path` as each member and fails loudly unless every answer is a 200 that is that
 * member's: a page must show them (see `notMembersPage`); JSON and feeds, which show no header,
 * must be answered while the member's session is live.
 */
export async function checkMembersPages(
  baseUrl: string,
  path: string,
  members: MemberSession[],
  headers: Record<string, string> = {},
): Promise<void> {
  for (const member of members) {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { ...headers, cookie: member.cookie },
    });
    const body = await response.text();
    if (response.status !== 200) {
      throw new Error(`GET ${path} as ${member.name} answered ${response.status}`);
    }
    if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) {
      await checkSessionLive(baseUrl, member);
      continue;
    }
    const problem = notMembersPage(body, member);
    if (problem) throw new Error(`GET ${path} as ${member.name} is not their page: ${problem}`);
  }
}
