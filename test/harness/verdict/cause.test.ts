import { describe, expect, it } from 'vitest';
import { failureCause } from '../../../harness/engine/step-cause.js';
import { TargetFailure } from '../../../harness/errors.js';
import type { Exchange, RuleResult } from '../../../harness/model/index.js';
import { causesOf } from '../../../harness/reports/report-sections.js';
import { findingCause, reasonCause, refusalCause } from '../../../harness/verdict/cause.js';

function post(path: string, body = 'caption=x'): Exchange {
  return {
    kind: 'api',
    request: { method: 'POST', url: `http://127.0.0.1:9/v25.0${path}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body },
    response: { status: 400, headers: {}, body: '{}' },
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
  };
}

function failed(id: string, cause: RuleResult['cause'], verdict: RuleResult['verdict'] = 'failed'): RuleResult {
  return { rule: id, suite: 'photos', title: id, strength: 'MUST', verdict, cites: [], readings: [], findings: [], evidence: [], replay: '', durationMs: 1, cause };
}

describe('a cause headline covers only the rules broken by the same thing', () => {
  it('two refusals of one endpoint with one code but different messages are two causes', () => {
    const caption = refusalCause('POST /{id}/photos', post('/2000001/photos'), { code: 100, message: '(#100) caption must be plain text.' });
    const heading = refusalCause('POST /{id}/photos', post('/2000001/photos'), { code: 100, message: '(#100) initial_view_heading_override_degrees must be from 0 to 360.' });
    expect(caption.key).not.toBe(heading.key);
    const withSubcode = refusalCause('POST /{id}/photos', post('/2000001/photos'), { code: 100, subcode: 33, message: '(#100) caption must be plain text.' });
    expect(withSubcode.key).not.toBe(caption.key);
    expect(causesOf([failed('a', caption), failed('b', heading)])).toHaveLength(2);
  });

  it('one refusal whose message names the object is one cause, whatever the object', () => {
    const said = (id: string) => ({ code: 100, message: `Unsupported post request. Object with ID '${id}' does not exist` });
    const one = refusalCause('POST /{id}/comments', post('/2000001_17/comments'), said('2000001_17'));
    const other = refusalCause('POST /{id}/comments', post('/8000042/comments'), said('8000042'));
    expect(one.key).toBe(other.key);
  });

  it('findings: the same statement on other values is one cause, another field is another', () => {
    const order = (ids: string) => findingCause('in-order', 'GET /{id}/comments', `items listed in the order ${ids}, expected the reverse`);
    expect(order('9000020, 9000019, 9000018').key).toBe(order('9000031, 9000030').key);
    const field = (name: string, value: string) => findingCause('field', 'POST /{id}/photos', `\`${name}\` is ${value}, expected a string`);
    expect(field('id', '8000267').key).toBe(field('id', '8000301').key);
    expect(field('id', '8000267').key).not.toBe(field('post_id', '8000267').key);
    const schema = (path: string) => findingCause('schema', 'GET /{id}/photos', `${path}: must be string (schemas/photo-page)`);
    expect(schema('body/data/0/id').key).toBe(schema('body/data/3/id').key);
    expect(schema('body/data/0/id').key).not.toBe(schema('body/data/0/created_time').key);
  });

  it('a request left unanswered (a timeout, an answer not JSON) at many object ids is one cause naming the endpoint', () => {
    const timeout = (path: string) => {
      const exchange = { ...post(path), response: undefined, error: { code: 'TIMEOUT', message: 'no answer within 10000 ms' } };
      return failureCause(new TargetFailure('TARGET_TIMEOUT', `POST http://127.0.0.1:9/v25.0${path}: no answer within 10000 ms (--timeout)`, exchange));
    };
    const causes = ['/2000001_1/comments', '/2000001_2/comments', '/8000042/comments'].map(timeout);
    expect(new Set(causes.map((c) => c.key)).size).toBe(1);
    expect(causes[0]!.title).toBe('POST /{id}/comments: no answer within 10000 ms (--timeout)');
    const text = (path: string) => {
      const exchange = { ...post(path), response: { status: 200, headers: { 'content-type': 'text/plain' }, body: 'ok' } };
      return failureCause(new TargetFailure('TARGET_GARBAGE', `POST http://127.0.0.1:9/v25.0${path} answered HTTP 200 (text/plain) without a JSON body`, exchange));
    };
    expect(text('/2000001_1/comments').key).toBe(text('/2000001_9/comments').key);
    expect(text('/2000001_1/comments').key).not.toBe(causes[0]!.key);
    expect(text('/2000001_1/comments').title).toBe('POST /{id}/comments answered HTTP 200 (text/plain) without a JSON body');
  });

  it('reasons that differ only in ids are one cause', () => {
    expect(reasonCause('the list at data of GET /2000001_3/comments was empty').key).toBe(reasonCause('the list at data of GET /2000001_12/comments was empty').key);
    expect(reasonCause('the list at data was empty').key).not.toBe(reasonCause('the token was refused').key);
  });
});
