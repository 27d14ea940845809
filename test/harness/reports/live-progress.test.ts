import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveProgress } from '../../../harness/reports/live-progress.js';

// The heartbeat runs on faked timers: on a loaded machine a real 150 ms wait can see fewer than its 40 ms ticks.
afterEach(() => {
  vi.useRealTimers();
});

describe('progress', () => {
  it('off a TTY: a line every interval while one rule runs long, none once it ended', () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const progress = liveProgress((t) => lines.push(t), { tty: false, heartbeatMs: 40 });
    progress.onRunStart(179);
    progress.onRuleStart('feed.get-walk-each-post-once', 37);
    vi.advanceTimersByTime(150);
    progress.onRuleEnd();
    const count = lines.length;
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBe(3); // at 40, 80 and 120 ms of the 150
    expect(lines[0]).toMatch(/^… \[37\/179\] feed\.get-walk-each-post-once \d+\.\d s \(still running\)\n$/);
    vi.advanceTimersByTime(100);
    expect(lines.length).toBe(count);
    progress.stop();
  });

  it('names the rules in flight, the first three and how many more, and a rate-limit wait while it lasts', () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const progress = liveProgress((t) => lines.push(t), { tty: false, heartbeatMs: 40 });
    progress.onRunStart(179);
    for (const [i, id] of ['feed.a', 'feed.b', 'feed.c', 'feed.d', 'feed.e'].entries()) progress.onRuleStart(id, 40 + i);
    progress.onWait('waiting 1.0 s: rate limited, code 80001', 1000);
    vi.advanceTimersByTime(40);
    expect(lines.at(-1)).toMatch(
      /^… \[44\/179\] 5 in flight: feed\.a \d+\.\d s, feed\.b \d+\.\d s, feed\.c \d+\.\d s \+2 \(waiting 1\.0 s: rate limited, code 80001\) \(still running\)\n$/,
    );
    progress.onRuleEnd('feed.a');
    progress.onRuleEnd('feed.c');
    progress.onRuleEnd('feed.d');
    vi.advanceTimersByTime(2000);
    expect(lines.at(-1)).toMatch(/^… \[44\/179\] 2 in flight: feed\.b \d+\.\d s, feed\.e \d+\.\d s \(still running\)\n$/);
    progress.onRuleEnd('feed.b');
    progress.onRuleEnd('feed.e');
    const count = lines.length;
    vi.advanceTimersByTime(200);
    expect(lines.length).toBe(count);
    progress.stop();
  });
});
