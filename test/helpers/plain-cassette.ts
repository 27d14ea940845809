/** The header document of an unredacted graphcheck cassette of a target on a closed port, as JSON text. */
export const PLAIN_HEADER = JSON.stringify({
  graphcheck_cassette: 1,
  target: 'http://127.0.0.1:1',
  recorded_at: '2024-01-01T00:00:00.000Z',
  redaction: { enabled: false },
});

/** An exchange document of that cassette: `GET /v25.0/me` (or `url`) answered 200 with `body` as JSON. */
export function exchangeWithBody(body: string, url = 'http://127.0.0.1:1/v25.0/me'): string {
  return JSON.stringify({
    kind: 'api',
    startedAt: '2024-01-01T00:00:00.000Z',
    durationMs: 1,
    request: { method: 'GET', url, headers: {} },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body },
  });
}
