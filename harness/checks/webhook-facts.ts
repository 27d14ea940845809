import type { Exchange } from '../model/index.js';

/** An update the suite injected through control `events`, and whether the suite had the app Live then. */
export interface InjectedUpdate {
  object: string;
  id: string;
  field: string;
  value: unknown;
  live: boolean;
}

/** What the rule subscribed for one object: its fields (unioned, R29) and whether notifications carry values. */
export interface SubscribedObject {
  fields: string[];
  include_values: boolean;
}

/**
 * What a `deliveries` step leaves its checks as the fact `webhook`: what the suite did during the run, so that a pure check
 * can judge what reached the receiver.
 */
export interface WebhookFacts {
  injected: InjectedUpdate[];
  subscriptions: Record<string, SubscribedObject>;
  /**
   * Wall-clock periods (ms, with a fraction: `preciseNowMs`) while the suite had set the app not Live; `toMs` is
   * absent while it still is.
   */
  notLive: { fromMs: number; toMs?: number }[];
  /**
   * Subscriptions the suite removed (DELETE answered success): the object (absent: every object), the fields
   * (absent: all of them), and how many updates had been injected by then.
   */
  removed?: { object?: string; fields?: string[]; injectedBefore: number }[];
}

/** The exact bytes of a recorded request body (text bodies are kept as UTF-8 only when that is lossless). */
export function requestBytes(exchange: Exchange): Buffer {
  const { body, bodyEncoding } = exchange.request;
  if (body === undefined) return Buffer.alloc(0);
  return bodyEncoding === 'base64' ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
}

/** A request header by case-insensitive name; repeated headers come back joined. */
export function requestHeader(exchange: Exchange, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(exchange.request.headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value.join(', ') : value;
  }
  return undefined;
}

/** The receiver acknowledged the attempt: it answered HTTP 200 (the spec's number, Delivery rules). */
export function acknowledged(exchange: Exchange): boolean {
  return exchange.response?.status === 200;
}

/** A short, bounded rendering of a value for messages. */
export function shown(value: unknown, max = 160): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
