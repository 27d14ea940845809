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
});
