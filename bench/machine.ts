/**
 * How fast this machine runs JavaScript, as one figure printed with the results: the median ms
 * of a fixed workload shaped like a page render (small objects, strings, JSON, a sort). The
 * machines the bench runs on differ several-fold in speed from one day to the next (the same
 * commit, a37a188, measured 19,933 and 12,196 visitor requests/s on two of them), so figures
 * from two runs compare only beside this one. Lower is faster.
 */

/** One pass of the reference workload; returns a value so the work cannot be optimised away. */
function referencePass(): number {
  const rows: { id: number; title: string; tags: string[] }[] = [];
  for (let i = 0; i < 40_000; i++) {
    rows.push({ id: i, title: `Post number ${i} of the reference blog`, tags: [`t${i % 17}`] });
  }
  rows.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  let html = '';
  for (const row of rows) html += `<li data-id="${row.id}">${row.title}</li>`;
  return JSON.stringify(rows).length + html.length;
}

/** Median ms of `passes` passes of the reference workload, after three unmeasured ones (JIT). */
export function measureMachineSpeed(passes = 5): { medianMs: number; passesMs: number[] } {
  for (let i = 0; i < 3; i++) referencePass();
  const passesMs: number[] = [];
  for (let i = 0; i < passes; i++) {
    const start = performance.now();
    referencePass();
    passesMs.push(Math.round(performance.now() - start));
  }
  const sorted = [...passesMs].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0, passesMs };
}
