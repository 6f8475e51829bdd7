import { describe, expect, it } from 'vitest';
import {
  addFailure,
  addProblem,
  emptyReport,
  FAILURES_LISTED_MAX,
  PROBLEM_SAMPLES_MAX,
} from './report';

describe('import report', () => {
  it('counts problems by code and keeps only the first samples', () => {
    const report = emptyReport('wordpress', true);
    for (let i = 0; i < 5; i++) {
      addProblem(report, {
        code: 'unknown-block:core/verse',
        message: 'Kept as HTML',
        sample: `s${i}`,
      });
    }
    addProblem(report, { code: 'page-skipped', message: 'Pages are skipped' });
    expect(report.problems['unknown-block:core/verse']).toEqual({
      count: 5,
      message: 'Kept as HTML',
      samples: ['s0', 's1', 's2'].slice(0, PROBLEM_SAMPLES_MAX),
    });
    expect(report.problems['page-skipped']).toEqual({
      count: 1,
      message: 'Pages are skipped',
      samples: [],
    });
  });

  it('counts every failure and lists a bounded number', () => {
    const report = emptyReport('ghost', false);
    for (let i = 0; i < FAILURES_LISTED_MAX + 3; i++) {
      addFailure(report, { kind: 'post', sourceId: String(i), reason: 'bad date' });
    }
    expect(report.counts.post.failed).toBe(FAILURES_LISTED_MAX + 3);
    expect(report.failures).toHaveLength(FAILURES_LISTED_MAX);
    expect(report.counts.comment).toEqual({ created: 0, existing: 0, failed: 0 });
  });
});
