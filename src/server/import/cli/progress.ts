/**
 * The command line's progress (issue 21): on a terminal one line rewritten in place (`\r`), at
 * most every PROGRESS_REDRAW_MS; elsewhere (a log, a pipe) a plain line every `every` posts, so a
 * log holds a few lines rather than thousands of carriage returns.
 */

import type { ImportReport } from '../job/report';
import type { ImportRecord } from '../records';
import { failedCount } from './format-report';

export const PROGRESS_REDRAW_MS = 100;

export interface ProgressOutput {
  write(text: string): void;
  isTTY?: boolean;
}

export class ImportProgress {
  #records = 0;
  #posts = 0;
  #lastDrawn = 0;
  #drawnOnTty = false;
  readonly #out: ProgressOutput;
  readonly #every: number;
  readonly #now: () => number;

  constructor(out: ProgressOutput, every: number, now: () => number = Date.now) {
    this.#out = out;
    this.#every = every;
    this.#now = now;
  }

  /** Counts a record the job has handled (the job's `onRecord`). */
  record(record: ImportRecord, report: ImportReport): void {
    this.#records += 1;
    if (record.kind === 'post') this.#posts += 1;
    if (this.#out.isTTY) {
      const now = this.#now();
      if (now - this.#lastDrawn < PROGRESS_REDRAW_MS) return;
      this.#lastDrawn = now;
      this.#out.write(`\r${this.#line(report)}\u001b[K`);
      this.#drawnOnTty = true;
    } else if (record.kind === 'post' && this.#posts % this.#every === 0) {
      this.#out.write(`${this.#line(report)}\n`);
    }
  }

  /** Ends the progress: the terminal's line gets its last figures and a line break. */
  finish(report: ImportReport | null): void {
    if (!this.#out.isTTY || !this.#drawnOnTty) return;
    this.#out.write(report ? `\r${this.#line(report)}\u001b[K\n` : '\n');
  }

  #line(report: ImportReport): string {
    const stored = report.counts.post.created + report.counts.post.existing;
    const verb = report.dryRun ? 'checked' : 'stored';
    return `${this.#records} records read, ${stored} posts ${verb}, ${failedCount(report)} failed`;
  }
}
