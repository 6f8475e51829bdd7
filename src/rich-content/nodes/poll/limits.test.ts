import { describe, expect, it } from 'vitest';
import { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN } from './limits';
import { PollDataSchema } from './schema';

const pollWith = (count: number) =>
  PollDataSchema.safeParse({
    poll: { options: Array.from({ length: count }, (_, i) => ({ id: `o${i}`, title: `${i}` })) },
  });

describe('poll answers: one bound for the model and the dialog (issue 16)', () => {
  it('the model takes up to POLL_OPTIONS_MAX answers and no more (it took 100)', () => {
    expect(POLL_OPTIONS_MAX).toBe(20);
    expect(pollWith(POLL_OPTIONS_MAX).success).toBe(true);
    expect(pollWith(POLL_OPTIONS_MAX + 1).success).toBe(false);
    expect(pollWith(100).success).toBe(false);
  });

  it('a stored poll with fewer answers than a writer must give still validates', () => {
    expect(POLL_OPTIONS_MIN).toBe(2);
    expect(pollWith(0).success).toBe(true);
    expect(pollWith(1).success).toBe(true);
  });
});
