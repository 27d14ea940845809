import type { Exchange, RuleResult, RunResult } from '../model/index.js';
import { KitWords } from '../redaction/kit-words.js';
import { plainPlaceholders } from '../redaction/placeholder.js';
import { redactorFor } from '../redaction/redactor.js';
import { inertConsole, inertText } from './inert-text.js';
import { REPORT_FILES } from './report-files.js';
import { slimResult } from './slim-evidence.js';
import { type Owner, type Ownership, RUN_FIELDS } from './who-wrote.js';

/** The secrets a command knows before any traffic: the profile's tokens and app secret, a verify token. */
export interface ReportSecrets {
  appSecret?: string;
  values: string[];
}

export interface OutputEdgeOptions {
  showSecrets?: boolean;
  /**
   * The words graphcheck writes itself that may meet what others wrote in one text (rule ids, profile keys,
   * endpoint templates, the phrases of its reasons, the files it was given): a secret that is such a word is not
   * replaced inside them (harness/redaction/kit-words.ts). The tool's name and the report files' names are added.
   */
  kitWords?: Iterable<string>;
  /**
   * `file`: the results shown were read from a file someone else may have written (a shard's report.json), so even
   * the fields graphcheck writes (rule ids, titles, the tool's name) are searched, its own words kept in them.
   */
  from?: 'run' | 'file';
}

/**
 * The one edge every output of `run`, `webhook-test`, `check` and `merge-reports` passes: what reaches a report
 * file, the console or a log has its secrets replaced by placeholders (unless `--show-secrets`) and its text made
 * inert (always). One redactor per command, so a secret keeps its placeholder from the first console line to the
 * last report, and what it learns from any exchange (an issued token, a code, a cookie) is hidden everywhere.
 *
 * Secrets are replaced only in what others wrote (who-wrote.ts says which fields): the traffic, a target's words
 * quoted in a finding, the user's files; never in graphcheck's own words (rule ids, titles, citations, the tool's
 * name), so a token that happens to be one of them (`page-token`) leaves every rule id as `graphcheck list` has it.
 * Placeholders are shown by their plain name (`redacted-secret-2`), whatever form the secret was written in.
 */
export interface OutputEdge {
  /** Recorded traffic as it is read (`check`), before anything judges it: secrets out, compressed bodies decoded. */
  traffic(exchange: Exchange): Exchange;
  /** A rule's result as it ends: secrets known so far out, bodies cut to what reports keep, every string inert. */
  rule(result: RuleResult): RuleResult;
  /**
   * The whole run, once, before it is written or summed up: every exchange of every rule is learnt from first, then
   * every string others wrote (messages, `expected`/`actual`, counterexamples, evidence...) redacted.
   */
  run(result: RunResult): RunResult;
  /** A line graphcheck prints that quotes others (a target's answer, a problem): redacted, controls and CI commands inert. */
  line(text: string): string;
  /** A line made of the kit's words and what `rule` or `run` already showed (a rule's account): made inert only. */
  shownLine(text: string): string;
  /** Secrets learnt during the run (a session's tokens and app secret, contract §2.1): hidden from then on. */
  learnSecrets(known: { appSecret?: string; values: string[] }): void;
}

/**
 * Header names graphcheck's client sends or reads: protocol words, kept in the names of the traffic's headers
 * (a token `user` leaves `user-agent` as it is), where a secret of others is still replaced.
 */
const HEADER_NAMES = [
  'accept', 'accept-encoding', 'authorization', 'connection', 'content-encoding', 'content-length', 'content-location',
  'content-type', 'cookie', 'date', 'host', 'link', 'location', 'retry-after', 'set-cookie', 'transfer-encoding',
  'user-agent', 'www-authenticate', 'x-hub-signature', 'x-hub-signature-256',
];

/**
 * A line of the recorder's or a replay's log: what it quotes of others inert, and the placeholders of the cassette it
 * quotes (a replay miss names the nearest recorded requests) by their plain name, as reports show them.
 */
export function logLine(text: string): string {
  return inertText(plainPlaceholders(text));
}

/** Nesting past this in a shown value (a target's answer quoted as `actual`) is cut, not walked. */
const MAX_SHOWN_DEPTH = 64;

export function outputEdge(secrets: ReportSecrets, options: OutputEdgeOptions = {}): OutputEdge {
  const redactor = options.showSecrets ? undefined : redactorFor({ appSecret: secrets.appSecret, secrets: secrets.values });
  const kit = new KitWords(['graphcheck', ...Object.values(REPORT_FILES), ...HEADER_NAMES, ...(options.kitWords ?? [])]);
  const redacted = (text: string, words: KitWords) => plainPlaceholders(redactor ? redactor.text(text, words) : text);
  const textOf: Record<Owner, (text: string) => string> = {
    kit: inertText,
    mixed: (text) => inertText(redacted(text, kit)),
    others: (text) => inertText(redacted(text, KitWords.NONE)),
  };
  const fromFile = options.from === 'file';
  const shown = <T>(value: T, fields: Ownership<T>): T => shownValue(value, fields, (owner) => textOf[fromFile && owner === 'kit' ? 'mixed' : owner]);
  // Results `rule` gave out hold evidence redacted already: `run` does not redact it twice.
  const learnt = new WeakSet<RuleResult>();
  const learn = (r: RuleResult): RuleResult => {
    if (!redactor || learnt.has(r)) return r;
    return { ...r, evidence: r.evidence.map((exchange) => redactor.redact(exchange).exchange) };
  };
  return {
    traffic: (exchange) => (redactor ? redactor.redact(exchange).exchange : exchange),
    rule(result) {
      const out = shown(slimResult(learn(result)), RUN_FIELDS.results);
      learnt.add(out);
      return out;
    },
    run(result) {
      const results = result.results.map(learn);
      return shown({ ...result, results }, RUN_FIELDS);
    },
    line: (text) => inertConsole(redacted(text, kit)),
    shownLine: (text) => inertConsole(text),
    learnSecrets: ({ appSecret, values }) => {
      if (appSecret) redactor?.learnSecret('app_secret', appSecret);
      for (const value of values) redactor?.learnSecret('secret', value);
    },
  };
}

/**
 * `value` with every string in it, keys included, passed through the text function of whoever wrote it (`fields`:
 * one owner for a whole value, or one per field; a field it does not name is taken for others'); nesting past
 * `MAX_SHOWN_DEPTH` cut.
 */
function shownValue<T>(value: T, fields: Ownership<T>, textFor: (owner: Owner) => (text: string) => string): T {
  const walk = (item: unknown, owner: Ownership<unknown>, depth: number): unknown => {
    if (typeof item === 'string') return textFor(typeof owner === 'string' ? owner : 'others')(item);
    if (item === null || typeof item !== 'object') return item;
    if (depth >= MAX_SHOWN_DEPTH) return `(nested deeper than ${MAX_SHOWN_DEPTH} levels: not shown)`;
    if (Array.isArray(item)) return item.map((v) => walk(v, owner, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(item)) {
      const named = typeof owner === 'string' ? undefined : (owner as Record<string, Ownership<unknown> | undefined>)[key];
      // A field's name is the kit's where the kit names the fields; in a value of others (headers, a JSON answer),
      // a name others wrote, in which the kit's words (a header name) stand.
      const keyOwner = typeof owner !== 'string' ? (named === undefined ? 'others' : 'kit') : owner === 'others' ? 'mixed' : owner;
      out[textFor(keyOwner)(key)] = walk(v, typeof owner === 'string' ? owner : (named ?? 'others'), depth + 1);
    }
    return out;
  };
  return walk(value, fields as Ownership<unknown>, 0) as T;
}
