import type { Exchange } from '../../harness/model/exchange.js';

/** A minimal exchange for format tests. */
export function exchange(path: string, body: string, overrides: Partial<Exchange> = {}): Exchange {
  return {
    kind: 'api',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1.5,
    request: {
      method: 'GET',
      url: `http://127.0.0.1:4010${path}`,
      headers: { accept: 'application/json' },
    },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body,
    },
    ...overrides,
  };
}
