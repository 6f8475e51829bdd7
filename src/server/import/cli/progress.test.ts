import { describe, expect, it } from 'vitest';
import { emptyReport } from '../job/report';
import type { ImportRecord } from '../records';
import { ImportProgress, PROGRESS_REDRAW_MS } from './progress';

const post = { kind: 'post' } as ImportRecord;
const tag = { kind: 'tag' } as ImportRecord;

describe('ImportProgress', () => {
  it('writes a plain line every N posts when the output is not a terminal', () => {
    const written: string[] = [];
    const progress = new ImportProgress({ write: (t) => written.push(t), isTTY: false }, 2);
    const report = emptyReport('wordpress', false);
    progress.record(tag, report);
    for (let i = 1; i <= 5; i += 1) {
      report.counts.post.created = i;
      progress.record(post, report);
    }
    progress.finish(report);
    expect(written).toEqual([
      '3 records read, 2 posts stored, 0 failed\n',
      '5 records read, 4 posts stored, 0 failed\n',
    ]);
  });

  it('rewrites one line on a terminal, at most every redraw interval, and ends it', () => {
    const written: string[] = [];
    let now = 1_000;
    const progress = new ImportProgress(
      { write: (t) => written.push(t), isTTY: true },
      100,
      () => now,
    );
    const report = emptyReport('ghost', true);
    progress.record(post, report);
    now += PROGRESS_REDRAW_MS - 1;
    progress.record(post, report);
    now += 1;
    report.counts.post.failed = 1;
    progress.record(post, report);
    progress.finish(report);
    expect(written).toEqual([
      '\r1 records read, 0 posts checked, 0 failed\u001b[K',
      '\r3 records read, 0 posts checked, 1 failed\u001b[K',
      '\r3 records read, 0 posts checked, 1 failed\u001b[K\n',
    ]);
  });
});
