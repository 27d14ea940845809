/** How often a long rule is mentioned off a TTY (CI logs), so a slow target never leaves a silent gap. */
export const HEARTBEAT_MS = 10_000;
/** How often the live line redraws on a TTY. */
const REDRAW_MS = 200;

export interface LiveProgressOptions {
  /** The output is a terminal: one live line at the bottom, redrawn in place. */
  tty: boolean;
  /** No progress at all. */
  quiet?: boolean;
  heartbeatMs?: number;
  now?: () => number;
}

/**
 * Progress while rules run: on a TTY a live line (`[37/179] feed.get-walk-each-post-once 1.2 s`) kept below
 * everything else printed; elsewhere a line every 10 s while one rule runs long. `write` prints above the line.
 */
export function liveProgress(out: (text: string) => void, options: LiveProgressOptions) {
  const now = options.now ?? Date.now;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  let total = 0;
  let current: { index: number; id: string; started: number } | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let shown = false;
  const line = () => (current ? `[${current.index}/${total}] ${current.id} ${((now() - current.started) / 1000).toFixed(1)} s` : '');
  const clear = () => {
    if (shown) out('\r\x1b[2K');
    shown = false;
  };
  const draw = () => {
    if (!current) return;
    out(`\r\x1b[2K${line()}`);
    shown = true;
  };
  const stopTimer = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  return {
    /** Prints text above the live line. */
    write(text: string) {
      if (!options.tty || options.quiet) return out(text);
      clear();
      out(text);
      draw();
    },
    onRunStart(count: number) {
      total = count;
    },
    onRuleStart(id: string, index: number) {
      current = { index, id, started: now() };
      stopTimer();
      if (options.quiet) return;
      if (options.tty) {
        draw();
        timer = setInterval(draw, REDRAW_MS);
      } else {
        timer = setInterval(() => out(`… ${line()} (still running)\n`), heartbeatMs);
      }
      timer.unref?.();
    },
    onRuleEnd() {
      stopTimer();
      if (options.tty && !options.quiet) clear();
      current = undefined;
    },
    stop() {
      stopTimer();
      if (options.tty) clear();
      current = undefined;
    },
  };
}
