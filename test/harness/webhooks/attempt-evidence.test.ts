import { describe, expect, it } from 'vitest';
import { type AdvanceWindow, attemptEvidence } from '../../../harness/webhooks/attempt-evidence.js';
import { type Attempt, nextOrdinal } from '../../../harness/receiver/index.js';

const T0 = 1_767_225_600;

function attemptNow(): Attempt {
  const realArrivalMs = Date.now();
  return {
    seq: 1,
    arrivedAt: T0,
    arrivalClock: 'target',
    realArrivalMs,
    preciseMs: realArrivalMs,
    ordinal: nextOrdinal(),
    method: 'POST',
    path: '/webhook',
    headers: {},
    answered: { status: 200, body: '' },
    rawBody: Buffer.from('{}'),
    json: {},
    signature: 'ok',
  };
}

/** Two clock moves back to back, as the deliveries step makes them: a zero advance, then a 36 h jump. */
function backToBack(during: () => Attempt): { windows: AdvanceWindow[]; attempt: Attempt } {
  const first = { startOrdinal: nextOrdinal(), endOrdinal: nextOrdinal(), from: T0, to: T0 };
  const startOrdinal = nextOrdinal();
  const attempt = during();
  const second = { startOrdinal, endOrdinal: nextOrdinal(), from: T0, to: T0 + 129_600 };
  return { windows: [first, second], attempt };
}

describe('an attempt that arrived while the suite moved the target clock', () => {
  it('is dated by the move it came during, even when two moves share a wall-clock millisecond', () => {
    const { windows, attempt } = backToBack(attemptNow);
    expect(attemptEvidence(attempt, 'https://127.0.0.1:1', windows).targetTime).toEqual({ from: T0, to: T0 + 129_600 });
  });

  it('is dated by its own arrival when no move was under way', () => {
    const { windows } = backToBack(attemptNow);
    const later = { ...attemptNow(), arrivedAt: T0 + 7 };
    expect(attemptEvidence(later, 'https://127.0.0.1:1', windows).targetTime).toEqual({ from: T0 + 7, to: T0 + 7 });
  });
});
