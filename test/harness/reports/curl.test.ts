import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../harness/model/index.js';
import { curlOf } from '../../../harness/reports/curl.js';

describe('the curl line of a binary request', () => {
  it('names the URL before the comment, so the shell passes it to curl', () => {
    const exchange: Exchange = {
      kind: 'api',
      request: { method: 'POST', url: 'http://127.0.0.1:9/v25.0/2000001/photos', headers: {}, body: 'AAEC', bodyEncoding: 'base64' },
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1,
    };
    const line = curlOf(exchange);
    const beforeComment = line.split('#')[0]!;
    expect(beforeComment).toContain('http://127.0.0.1:9/v25.0/2000001/photos');
    expect(beforeComment).toContain('--data-binary @body.bin');
  });
});
