import type { Exchange } from '../../harness/model/index.js';

export const BASE = 'http://127.0.0.1:9/v25.0';
export const ERROR = { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 } };
const EPOCH = Date.parse('2026-01-01T00:00:00.000Z');

export interface Call {
  method?: string;
  /** A path under BASE, or an absolute URL. */
  path: string;
  query?: Record<string, string>;
  form?: Record<string, string>;
  json?: unknown;
  multipart?: { fields?: Record<string, string>; files?: Record<string, number> };
  answer: unknown;
  status?: number;
  /** Answer headers beyond the JSON Content-Type (`date`, `location`). */
  headers?: Record<string, string>;
  /** Seconds after 2026-01-01T00:00:00Z at which the request started (default 0). */
  at?: number;
}

/** A recorded API call as a recorder keeps it. */
export function call(c: Call): Exchange {
  const url = new URL(/^https?:/.test(c.path) ? c.path : BASE + c.path);
  for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.set(k, v);
  const status = c.status ?? (c.answer && typeof c.answer === 'object' && 'error' in c.answer ? 400 : 200);
  const started = EPOCH + (c.at ?? 0) * 1000;
  const headers = { 'content-type': 'application/json', ...c.headers };
  return {
    kind: 'api',
    request: { method: c.method ?? 'GET', url: url.toString(), ...requestBody(c) },
    response: { status, headers, body: JSON.stringify(c.answer) },
    startedAt: new Date(started).toISOString(),
    startedAtMs: started,
    durationMs: 1,
  };
}

function requestBody(c: Call): Pick<Exchange['request'], 'body' | 'bodyEncoding' | 'headers'> {
  if (c.form) {
    const body = new URLSearchParams(c.form).toString();
    return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body };
  }
  if (c.json !== undefined) return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(c.json) };
  if (!c.multipart) return { headers: {} };
  const boundary = 'test-boundary';
  const part = (head: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; ${head}\r\n\r\n${content}\r\n`;
  const parts = [
    ...Object.entries(c.multipart.fields ?? {}).map(([n, v]) => part(`name="${n}"`, v)),
    ...Object.entries(c.multipart.files ?? {}).map(([n, size]) =>
      part(`name="${n}"; filename="a.png"\r\nContent-Type: image/png`, '\u00ff'.repeat(size)),
    ),
  ];
  const body = Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'latin1').toString('base64');
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body, bodyEncoding: 'base64' };
}
