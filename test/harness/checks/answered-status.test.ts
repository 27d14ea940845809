import { describe, expect, it } from 'vitest';
import { runCheck } from '../../../harness/checks/check.js';
import { CHECKS } from '../../../harness/checks/registry.js';
import type { Exchange } from '../../../harness/model/index.js';
import { signPayload } from '../../../harness/notification/sign-payload.js';
import { CHECK_CONTEXT } from '../../helpers/check-input.js';


function delivery(status: number, signed: boolean): Exchange {
  const body = '{"object":"page","entry":[]}';
  const signature: Record<string, string> = signed ? { 'x-hub-signature-256': signPayload(body, 'app-secret') } : {};
  return {
    kind: 'webhook-notification',
    request: { method: 'POST', url: 'https://127.0.0.1:1/webhook', headers: { 'content-type': 'application/json', ...signature }, body, bodyEncoding: 'utf8' },
    response: { status, headers: {}, body: '' },
    startedAt: new Date(1_000_000).toISOString(),
    durationMs: 0,
  };
}

function findings(exchange: Exchange): string[] {
  const input = { exchanges: [exchange], bodies: [JSON.parse(exchange.request.body!) as unknown], facts: {} };
  return runCheck(CHECKS.get('answered-status')!, input, { status: 200 }, CHECK_CONTEXT).findings.map((f) => f.message);
}

describe('answered-status', () => {
  it('names the usual cause when a correctly signed notification is refused', () => {
    expect(findings(delivery(403, true))[0]).toMatch(
      /^answered HTTP 403 instead of 200; the notification was signed correctly .* parsed and serialised again/,
    );
  });

  it('adds nothing for a server error or an unsigned request', () => {
    expect(findings(delivery(500, true))).toEqual(['answered HTTP 500 instead of 200']);
    expect(findings(delivery(403, false))).toEqual(['answered HTTP 403 instead of 200']);
  });
});
