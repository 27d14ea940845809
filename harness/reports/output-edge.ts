import type { Exchange, RuleResult, RunResult } from '../model/index.js';
import { redactorFor } from '../redaction/redactor.js';
import { inertConsole, inertText } from './inert-text.js';
import { slimResult } from './slim-evidence.js';

/** The secrets a command knows before any traffic: the profile's tokens and app secret, a verify token. */
export interface ReportSecrets {
  appSecret?: string;
  values: string[];
}

/**
 * The one edge every output of `run`, `webhook-test`, `check` and `merge-reports` passes: what reaches a report
 * file, the console or a log has its secrets replaced by placeholders (unless `--show-secrets`) and its text made
 * inert (always). One redactor per command, so a secret keeps its placeholder from the first console line to the
 * last report, and what it learns from any exchange (an issued token, a code, a cookie) is hidden everywhere.
 */
export interface OutputEdge {
  /** Recorded traffic as it is read (`check`), before anything judges it: secrets out, compressed bodies decoded. */
  traffic(exchange: Exchange): Exchange;
  /** A rule's result as it ends: secrets known so far out, bodies cut to what reports keep, every string inert. */
  rule(result: RuleResult): RuleResult;
  /**
   * The whole run, once, before it is written or summed up: every exchange of every rule is learnt from first, then
   * every string of the result (messages, `expected`/`actual`, counterexamples, evidence, titles...) redacted.
   */
  run(result: RunResult): RunResult;
  /** Text graphcheck prints around what it shows (console and log lines): redacted, controls and CI commands inert. */
  line(text: string): string;
}

/** Nesting past this in a shown value (a target's answer quoted as `actual`) is cut, not walked. */
const MAX_SHOWN_DEPTH = 64;

export function outputEdge(secrets: ReportSecrets, options: { showSecrets?: boolean } = {}): OutputEdge {
  const redactor = options.showSecrets ? undefined : redactorFor({ appSecret: secrets.appSecret, secrets: secrets.values });
  const shownText = (text: string) => inertText(redactor ? redactor.text(text) : text);
  // Results `rule` gave out hold evidence redacted already: `run` does not redact it twice.
  const learnt = new WeakSet<RuleResult>();
  const learn = (r: RuleResult): RuleResult => {
    if (!redactor || learnt.has(r)) return r;
    return { ...r, evidence: r.evidence.map((exchange) => redactor.redact(exchange).exchange) };
  };
  return {
    traffic: (exchange) => (redactor ? redactor.redact(exchange).exchange : exchange),
    rule(result) {
      const shown = shownValue(slimResult(learn(result)), shownText);
      learnt.add(shown);
      return shown;
    },
    run(result) {
      const results = result.results.map(learn);
      return shownValue({ ...result, results }, shownText);
    },
    line: (text) => inertConsole(redactor ? redactor.text(text) : text),
  };
}

/** `value` with every string in it, keys included, passed through `shown`; nesting past `MAX_SHOWN_DEPTH` cut. */
function shownValue<T>(value: T, shown: (text: string) => string): T {
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return shown(item);
    if (item === null || typeof item !== 'object') return item;
    if (depth >= MAX_SHOWN_DEPTH) return `(nested deeper than ${MAX_SHOWN_DEPTH} levels: not shown)`;
    if (Array.isArray(item)) return item.map((v) => walk(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(item)) out[shown(key)] = walk(v, depth + 1);
    return out;
  };
  return walk(value, 0) as T;
}
