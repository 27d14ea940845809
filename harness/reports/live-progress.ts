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

/** How long a rate-limit wait stays in the line after it started, at least. */
const WAIT_NOTE_MS = 2_000;
/** The live line names this many rules in flight, then how many more. */
const NAMED_IN_FLIGHT = 3;

/**
 * Progress while rules run: on a TTY a live line (`[37/179] feed.get-walk-each-post-once 1.2 s`; with several rules
 * in flight, `[41/179] 8 in flight: feed.a 1.2 s, feed.b 0.4 s, feed.c 0.1 s +5`) kept below everything else
 * printed; elsewhere the same line every 10 s while rules run long. A rate-limit wait shows in it while it lasts.
 * `write` prints above the line.
 */
export function liveProgress(out: (text: string) => void, options: LiveProgressOptions) {
  const now = options.now ?? Date.now;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  let total = 0;
  let latest = 0;
  const inFlight = new Map<string, number>();
  let waitNote: { text: string; until: number } | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let shown = false;
  const seconds = (started: number) => `${((now() - started) / 1000).toFixed(1)} s`;
  const line = () => {
    if (inFlight.size === 0) return '';
    const rules = [...inFlight].map(([id, started]) => `${id} ${seconds(started)}`);
    const named = rules.length === 1 ? rules[0]! : `${rules.length} in flight: ${rules.slice(0, NAMED_IN_FLIGHT).join(', ')}`;
    const more = rules.length > NAMED_IN_FLIGHT ? ` +${rules.length - NAMED_IN_FLIGHT}` : '';
    const waiting = waitNote && now() < waitNote.until ? ` (${waitNote.text})` : '';
    return `[${latest}/${total}] ${named}${more}${waiting}`;
  };
  const clear = () => {
    if (shown) out('\r\x1b[2K');
    shown = false;
  };
  const draw = () => {
    if (inFlight.size === 0) return;
    out(`\r\x1b[2K${line()}`);
    shown = true;
  };
  const stopTimer = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  const startTimer = () => {
    stopTimer();
    if (options.quiet) return;
    timer = options.tty ? setInterval(draw, REDRAW_MS) : setInterval(() => out(`… ${line()} (still running)\n`), heartbeatMs);
    timer.unref?.();
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
      inFlight.set(id, now());
      latest = Math.max(latest, index);
      // The heartbeat counts from the last start, as it did when rules ran one at a time.
      startTimer();
      if (options.tty && !options.quiet) draw();
    },
    /** The rule's work ended (without an id: every rule in flight). */
    onRuleEnd(id?: string) {
      if (id === undefined) inFlight.clear();
      else inFlight.delete(id);
      if (inFlight.size > 0) return;
      stopTimer();
      if (options.tty && !options.quiet) clear();
    },
    /** A request waits for the target's rate limit: said in the line while it lasts. */
    onWait(text: string, ms: number) {
      waitNote = { text, until: now() + Math.max(ms, WAIT_NOTE_MS) };
      if (options.tty && !options.quiet) draw();
    },
    stop() {
      stopTimer();
      if (options.tty) clear();
      inFlight.clear();
    },
  };
}
