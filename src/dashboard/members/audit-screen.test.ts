import { describe, expect, it } from 'vitest';
import membersEn from '../../../locales/dashboard-members/en.json';
import type { AuditEventView } from '../../domain/dashboard-members';
import { addNamespace, createTranslator } from '../../rich-content/i18n';
import { describeEvent } from './audit-screen';

addNamespace('dashboard-members', membersEn);

function event(overrides: Partial<AuditEventView>): AuditEventView {
  return {
    id: 'e1',
    action: 'member.blocked',
    actorId: 'm1',
    actorName: 'Olga',
    targetId: 'm2',
    targetName: 'Ada',
    details: {},
    createdAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

describe('describeEvent', () => {
  const { t } = createTranslator('en');

  it('says what a known action did', () => {
    expect(describeEvent(event({}), t).what).toBe('blocked Ada');
  });

  // Issue 22: an action with no words yet reads as a sentence, never as its raw code.
  it('gives an unknown action a plain sentence without its code', () => {
    const { what } = describeEvent(event({ action: 'member.renamed' }), t);
    expect(what).toBe('made a change concerning Ada');
    expect(what).not.toContain('member.renamed');
  });
});
