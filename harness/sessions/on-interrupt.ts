/** How long an interrupted run waits for its sessions to be deleted before it stops anyway. */
const CLEANUP_MS = 5_000;

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Runs `cleanup` when the process is interrupted (SIGINT, SIGTERM), then lets the signal do what it would have done
 * (the process ends as interrupted): a run's sessions are deleted rather than left for the target to drop after an
 * hour. A second signal meanwhile ends the process at once. Returns what stops watching.
 */
export function untilInterrupted(cleanup: () => Promise<void>): () => void {
  const stop = () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    const timer = setTimeout(() => process.kill(process.pid, signal), CLEANUP_MS);
    void cleanup()
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        process.kill(process.pid, signal);
      });
  };
  for (const signal of SIGNALS) process.once(signal, onSignal);
  return stop;
}
