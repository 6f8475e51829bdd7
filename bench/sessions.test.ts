import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load';
import { membersNote } from './report';
import { notMembersPage } from './sessions';

const member = { name: 'Liam O’Connell & Co' };
const memberHeader =
  '<header><a class="header-icon-button header-notifications" aria-label="Notifications"></a>' +
  '<button class="header-profile header-profile--desktop">' +
  '<span class="header-profile__name">Liam O’Connell &amp; Co</span></button></header>';

describe('notMembersPage', () => {
  it("accepts the member's own page: their name, the bell, no Log In", () => {
    expect(notMembersPage(memberHeader, member)).toBeNull();
  });

  it("refuses a visitor's page, naming what is wrong", () => {
    const visitor =
      '<header><a class="header-button header-button--quiet header-login" href="/blog/login">' +
      'Log In</a></header>';
    const problem = notMembersPage(visitor, member);
    expect(problem).toContain('no "Liam O’Connell & Co" in the header');
    expect(problem).toContain('no notifications bell');
    expect(problem).toContain("the visitor's Log In button");
  });

  it("refuses another member's page", () => {
    expect(notMembersPage(memberHeader, { name: 'Hannah Becker' })).toContain('Hannah Becker');
  });
});

describe('membersNote', () => {
  const run = (members: string[] | null) => ({ members }) as LoadResult;

  it('names each member of the member runs once', () => {
    const note = membersNote({
      load: [run(null), run(['Sofia Marchetti', 'Kenji Watanabe']), run(['Sofia Marchetti'])],
      layouts: null,
    });
    expect(note).toContain('2 seeded members');
    expect(note).toContain('Sofia Marchetti, Kenji Watanabe');
  });

  it('is null when no member run ran', () => {
    expect(membersNote({ load: [run(null)], layouts: null })).toBeNull();
  });
});
