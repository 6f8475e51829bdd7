import { describe, expect, it } from 'vitest';
import { REASON_MAX_LENGTH, reasonOf } from './context.server';

describe('reasonOf', () => {
  it('gives the database’s reason for a failed query, not its SQL and parameters', () => {
    const failed = new Error('Failed query: insert into "posts" …\nparams: {"nodes":[…]}', {
      cause: new Error('value too long for type character varying(100)'),
    });
    expect(reasonOf(failed)).toBe('value too long for type character varying(100)');
  });

  it('keeps one line of any other error, at most REASON_MAX_LENGTH characters', () => {
    expect(reasonOf(new RangeError('Invalid time value\nat toISOString'))).toBe(
      'Invalid time value',
    );
    expect(reasonOf('x'.repeat(1000))).toHaveLength(REASON_MAX_LENGTH);
  });
});
