/** One HAR 1.2 entry with the fields a real recorder writes; `request` and `response` override its defaults. */
export function harEntry(
  method: string,
  url: string,
  parts: { request?: Record<string, unknown>; response?: Record<string, unknown> } = {},
): Record<string, unknown> {
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 1,
    request: { method, url, httpVersion: 'HTTP/1.1', headers: [], queryString: [], cookies: [], headersSize: -1, bodySize: 0, ...parts.request },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [],
      cookies: [],
      content: { size: 11, mimeType: 'application/json', text: '{"data":[]}' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 11,
      ...parts.response,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
}

/** A HAR document holding these entries. */
export function harOf(entries: unknown[]): string {
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } });
}
