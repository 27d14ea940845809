import { Redactor } from '../cassette/redactor.js';
import type { RunResult } from '../model/index.js';

/**
 * Hides secrets before anything is written: the profile's tokens and app secret, and whatever the traffic shows
 * (access tokens, client secrets, authorization codes), in raw, URL-encoded and JSON-escaped forms alike.
 */
export function redactRun(result: RunResult, secrets: { appSecret?: string; values: string[] }): RunResult {
  const redactor = new Redactor('report', {}, { appSecret: secrets.appSecret, secrets: secrets.values });
  const results = result.results.map((r) => {
    const evidence = r.evidence.map((exchange) => redactor.redact(exchange).exchange);
    return {
      ...r,
      evidence,
      reason: r.reason === undefined ? undefined : redactor.text(r.reason),
      findings: r.findings.map((f) => ({ ...f, message: redactor.text(f.message) })),
      counterexample: r.counterexample === undefined ? undefined : JSON.parse(redactor.text(JSON.stringify(r.counterexample))),
    };
  });
  return { ...result, results };
}
