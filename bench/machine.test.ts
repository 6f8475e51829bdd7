import { describe, expect, it } from 'vitest';
import { measureMachineSpeed } from './machine';

describe('measureMachineSpeed', () => {
  it('times each pass and reports their median', () => {
    const { medianMs, passesMs } = measureMachineSpeed(3);
    expect(passesMs).toHaveLength(3);
    for (const ms of passesMs) expect(ms).toBeGreaterThan(0);
    const sorted = [...passesMs].sort((a, b) => a - b);
    expect(medianMs).toBe(sorted[1]);
  });
});
