import { describe, expect, it } from 'vitest';
import { runAgainstReference } from '../helpers/run-reference.js';

const RULE = 'authorization.state-returned-unchanged';

describe('a failing `state` property', () => {
  it('reports the shrunk string and the redirect the target sent back', async () => {
    const result = await runAgainstReference({ faults: ['auth-state-altered'], rules: [RULE], seed: 7 });
    const [rule] = result.results;
    expect(rule?.verdict).toBe('failed');
    const state = (rule?.counterexample as { state?: unknown } | undefined)?.state;
    expect(typeof state).toBe('string');
    // Shrunk: one character is the smallest state the rule generates.
    expect([...String(state)]).toHaveLength(1);
    const finding = rule!.findings[0]!;
    expect(finding.check).toBe('redirect');
    expect(finding.message).toContain(`expected ${JSON.stringify(state)}`);
    expect(finding.message).toMatch(/\(redirect: https:\/\/app\.example\/callback\?code=[^&]+&state=[^#]+#_\)$/);
    // The evidence the finding points at is the control `authorize` call that answered that redirect.
    const exchange = rule!.evidence[finding.exchange!]!;
    expect(exchange.request.url).toMatch(/\/_control\/authorize$/);
    expect(JSON.parse(exchange.request.body ?? '{}').query.state).toBe(state);
    const location = JSON.parse(exchange.response?.body ?? '{}').location as string;
    expect(finding.message).toContain(location);
    expect(new URL(location).searchParams.get('state')).not.toBe(state);
  });
});
