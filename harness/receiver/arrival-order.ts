let last = 0;

/**
 * A process-wide counter that orders arrivals against the suite's clock moves exactly. Wall-clock milliseconds
 * cannot: an advance that ends and the next that starts often share one, and an arrival in that millisecond would
 * be dated by either.
 */
export function nextOrdinal(): number {
  return ++last;
}
