import { redactorFor } from '../redaction/redactor.js';
import type { RuleResult, RunResult } from '../model/index.js';

export interface ReportSecrets {
  appSecret?: string;
  values: string[];
}

/**
 * Hides secrets before anything is shown or written: the profile's tokens and app secret, and whatever the
 * traffic shows (access tokens, client secrets, authorization codes), in raw, URL-encoded and JSON-escaped forms
 * alike. One redactor per run, so a secret keeps its placeholder from the progress line to the report files.
 */
export function ruleRedactor(secrets: ReportSecrets): (result: RuleResult) => RuleResult {
  const redactor = redactorFor({ appSecret: secrets.appSecret, secrets: secrets.values });
  return (r) => {
    // Evidence first: redacting it teaches the redactor the codes and tokens the traffic carried.
    const evidence = r.evidence.map((exchange) => redactor.redact(exchange).exchange);
    return {
      ...r,
      evidence,
      reason: r.reason === undefined ? undefined : redactor.text(r.reason),
      findings: r.findings.map((f) => ({ ...f, message: redactor.text(f.message) })),
      counterexample:
        r.counterexample === undefined ? undefined : JSON.parse(redactor.text(JSON.stringify(r.counterexample))),
    };
  };
}

export function redactRun(result: RunResult, secrets: ReportSecrets): RunResult {
  return { ...result, results: result.results.map(ruleRedactor(secrets)) };
}
