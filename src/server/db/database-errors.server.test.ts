/**
 * The outage classifier (decision 026): connection-level failures, as pg and Drizzle report
 * them, are "the database is away"; query and programming errors are not.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailableError } from './database-errors.server';

/** An error as pg reports it: a message and, for server errors, a SQLSTATE `code`. */
function pgError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

describe('isDatabaseUnavailableError', () => {
  it.each([
    [
      'admin shutdown (a restart)',
      pgError('terminating connection due to administrator command', '57P01'),
    ],
    ['crash shutdown', pgError('terminating connection because of crash', '57P02')],
    ['starting up', pgError('the database system is starting up', '57P03')],
    ['too many connections', pgError('sorry, too many clients already', '53300')],
    ['a connection exception (class 08)', pgError('connection failure', '08006')],
    ['refused', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset', pgError('read ECONNRESET', 'ECONNRESET')],
    ['terminated', pgError('Connection terminated unexpectedly')],
    ['the pool timing out', pgError('timeout exceeded when trying to connect')],
    ['a broken client', pgError('Client has encountered a connection error and is not queryable')],
    ['a pool that was ended', pgError('Cannot use a pool after calling end on the pool')],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it('looks inside Drizzle query errors and aggregate connect errors', () => {
    const terminated = pgError('terminating connection due to administrator command', '57P01');
    expect(isDatabaseUnavailableError(new DrizzleQueryError('select 1', [], terminated))).toBe(
      true,
    );
    const refused = new AggregateError([
      pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'),
      pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
    ]);
    expect(isDatabaseUnavailableError(refused)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value', '23505')],
    ['a syntax error', pgError('syntax error at or near "selec"', '42601')],
    ['a missing table', pgError('relation "nope" does not exist', '42P01')],
    ['a bad UTF-8 byte', pgError('invalid byte sequence for encoding "UTF8": 0x00', '22021')],
    ['a plain error', new Error('Something else')],
    ['a string', 'Connection terminated'],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false);
  });

  it('stops on a cycle of causes', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isDatabaseUnavailableError(a)).toBe(false);
  });
});
