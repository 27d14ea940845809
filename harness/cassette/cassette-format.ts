import { pathOf } from '../http/path-of.js';
import type { Exchange } from '../model/exchange.js';
import type { PlaceholderInfo } from '../redaction/placeholder.js';

export const CASSETTE_FORMAT = 1;

/** The first document of every cassette. Written once; later facts go into later documents. */
export interface CassetteHeader {
  graphcheck_cassette: typeof CASSETTE_FORMAT;
  target: string;
  recorded_at: string;
  recorder?: { name: string; version: string };
  source?: { format: 'har' | 'vcr' | 'vcrpy'; file: string };
  redaction: {
    enabled: boolean;
    rules?: string[];
    salt?: string;
    app_secret_stand_in?: string;
    placeholders?: Record<string, PlaceholderInfo>;
  };
}

/** Written last by `graphcheck run --record`: what an offline repeat of the run needs. */
export interface RunDocument {
  run: {
    seed: number;
    runs: number;
    version_prefix: string;
    suites?: string[];
    rules?: string[];
    /** The profile, its secrets replaced by the cassette's placeholders. */
    profile: Record<string, unknown>;
    host_url: string;
    /** The closed address the run used as an unreachable link. */
    host_unreachable?: string;
    unissued_token: string;
    /** Per rule id, the cassette position of the rule's first exchange: a repeat of one rule starts there. */
    rule_starts?: Record<string, number>;
    /** The run's webhook side (verify token, CA certificate, callback addresses), secrets as placeholder aliases. */
    webhooks?: {
      verify_token: string;
      ca_pem?: string;
      receiver_url?: string;
      callbacks: Record<string, string[]>;
    };
  };
}

/** Adds placeholders introduced after the header (by the exchange that follows it). */
export interface PlaceholdersDocument {
  placeholders: Record<string, PlaceholderInfo>;
}

/** One YAML document: `---`, a comment for people grepping, and the data as JSON (a YAML flow mapping). */
export function serializeDocument(data: object, comment?: string): string {
  const note = comment ? ` # ${comment.replace(/[\r\n]/g, ' ')}` : '';
  return `---${note}\n${JSON.stringify(data)}\n`;
}

/** `12 GET /v25.0/2000001/feed 200`: what the comment line of an exchange document says. */
export function exchangeComment(index: number, exchange: Exchange): string {
  const outcome = exchange.response
    ? String(exchange.response.status)
    : (exchange.error?.code ?? 'no response');
  return `${index} ${exchange.kind ?? 'api'} ${exchange.request.method} ${pathOf(exchange.request.url)} ${outcome}`;
}

/** Keys in reading order (when and how long, then request and response), durations to the microsecond. */
export function orderedForWriting(exchange: Exchange): Exchange {
  const { kind, startedAt, startedAtMs, durationMs, request, response, error, ...rest } = exchange;
  return {
    kind: kind ?? 'api',
    startedAt,
    ...(startedAtMs === undefined ? {} : { startedAtMs: Math.round(startedAtMs * 1000) / 1000 }),
    durationMs: Math.round(durationMs * 1000) / 1000,
    ...rest,
    request,
    ...(response ? { response } : {}),
    ...(error ? { error } : {}),
  };
}
