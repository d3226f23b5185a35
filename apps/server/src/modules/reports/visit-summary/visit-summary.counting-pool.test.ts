import { describe, expect, it } from 'vitest';
import { countSummary } from './visit-summary.counting';
import { bytesOf, countOffLoop } from './visit-summary.counting-pool';

// Two rows of a day (one site, two areas), a row of the next day, stays, reasons: what the summary's
// statement sends (visit-summary.stats.ts), counted on the thread and here.
const hours = (h: number, n: number) => Array.from({ length: 24 }, (_, i) => (i === h ? n : 0)).join(',');
const text = {
  rows: [
    `0 s1 a1 t1 2 1 90000000 0 7,8 ${hours(9, 2)}`,
    `0 s1 a2 - 1 1 30000000 3 7 ${hours(10, 1)}`,
    `1 s1 a1 t1 1 0 0 1 9 ${hours(23, 1)}`,
  ].join('\n'),
  stays: '2,1,-1',
  late: 'r1,r1',
  early: 'r2',
};
const input = () => ({
  rows: bytesOf(text.rows),
  stays: bytesOf(text.stays),
  late: bytesOf(text.late),
  early: bytesOf(text.early),
  arrivals: 4,
  from: '2026-03-02',
  todayOffset: 1,
});

describe("the visit summary's counting thread", () => {
  it('answers as the counting on the event loop, its buffers handed over', async () => {
    const sent = input();
    const counted = await countOffLoop(sent);
    // The bytes were transferred, not copied: they are gone from this side.
    expect(sent.rows?.byteLength).toBe(0);
    expect(counted).toEqual(countSummary(input()));
    const total = counted.groups.find((g) => g.kind === 'total');
    expect(total).toMatchObject({ visits: 4, completed: 2, micros: 120000000n, people: 3 });
    expect(counted.median).toBe(1);
    expect(counted.noShows).toBe(3);
    expect(counted.groups.filter((g) => g.kind === 'late')).toMatchObject([{ reasonId: 'r1', visits: 2 }]);
  });

  it('counts summaries asked at once, each its own', async () => {
    const answers = await Promise.all([0, 1, 2, 3].map(() => countOffLoop(input())));
    for (const a of answers) expect(a).toEqual(countSummary(input()));
  });
});
