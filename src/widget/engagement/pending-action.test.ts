import { describe, expect, it } from 'vitest';
import { PENDING_ACTION_STORAGE_KEY } from './gated-action';
import { PENDING_ACTION_KEY } from './pending-action';

describe('the pending action’s storage key', () => {
  it('is the same in the eager check and in the lazy code that writes it', () => {
    expect(PENDING_ACTION_STORAGE_KEY).toBe(PENDING_ACTION_KEY);
  });
});
