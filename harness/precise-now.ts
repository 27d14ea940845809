/**
 * Wall-clock milliseconds with a fraction, monotonic within the process. Events the harness orders against each
 * other (an arrival, the moment the suite set the app Live again) can share a whole millisecond; this tells them
 * apart.
 */
export function preciseNowMs(): number {
  return performance.timeOrigin + performance.now();
}
