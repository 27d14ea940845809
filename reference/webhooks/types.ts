/** The webhook service's public shapes. The core (reference/server.ts) builds the deps and calls the service. */

export interface ClientCertificate {
  certPem: string;
  keyPem: string;
  /** Intermediate certificate(s) sent after the leaf. */
  chainPem?: string;
}

export interface WebhookDeps {
  /** Virtual unix seconds on the target's clock. */
  now(): number;
  appId: string;
  appSecret: string;
  isLive(): boolean;
  fault(name: string): boolean;
  /** CA certificates trusted for callbacks in addition to Node's default store (contract `trust`). */
  trustedCaPems(): string[];
  /** optional: the client certificate presented on every callback connection (mTLS); core passes it when configured */
  clientCert?: ClientCertificate;
  /**
   * optional: `page` updates go only to Pages that installed the app through `/{page_id}/subscribed_apps` (spec:
   * "`page` subscriptions are valid only for Pages that installed the app"); the core turns it on.
   */
  pageInstallRequired?: boolean;
  /** optional: real-time limits in milliseconds; defaults 5000 (verification GET) and 10000 (notification POST). */
  timeoutsMs?: { verification?: number; delivery?: number };
}

export interface Subscription {
  object: string;
  callback_url: string;
  fields: string[];
  active: boolean;
}

export interface UpsertParams {
  object: string;
  callback_url: string;
  fields: string[];
  include_values: boolean;
  verify_token: string;
}

export interface Update {
  object: string;
  id: string;
  field: string;
  value: unknown;
}

export interface DeliveryRecord {
  /** Virtual time the attempt was stamped with (`entry[].time`). */
  at: number;
  url: string;
  updates: number;
  /** The receiver's HTTP status, or null when no answer came. */
  status: number | null;
  error?: string;
}

export type Outcome = { ok: true } | { ok: false; message: string };

export interface WebhookService {
  list(): Subscription[];
  /** Verifies the callback (GET) and, only on success, creates, amends or reactivates the object's subscription. */
  upsert(p: UpsertParams): Promise<Outcome>;
  remove(p: { object?: string; fields?: string[] }): Outcome;
  subscribeAccount(accountId: string, fields: string[]): Outcome;
  /** Queues the updates for the matching subscriptions and starts delivering them; returns how many were accepted. */
  acceptEvents(updates: Update[]): number;
  /** Attempt every delivery or retry due by `now`; resolves when all those attempts have settled. */
  runDue(now: number): Promise<void>;
  /** Resolves when no attempt is in flight and no immediate retry is pending (tests and the core may await it). */
  idle(): Promise<void>;
  reset(): void;
  deliveries(): DeliveryRecord[];
}
