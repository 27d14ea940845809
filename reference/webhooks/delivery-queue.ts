import type { Batch } from './build-batches.js';
import { sendCallbackRequest } from './callback-request.js';
import { callbackClientCert, callbackTolerance, callbackTrust } from './callback-trust.js';
import { encodeNotification } from './encode-notification.js';
import { nextRetryAt } from './retry-schedule.js';
import type { DeliveryRecord, WebhookDeps } from './types.js';

const DELIVERY_TIMEOUT_MS = 10_000;

interface Retry {
  batch: Batch;
  firstAt: number;
  due: number;
  retriesDone: number;
  /** The `webhooks-retry-after-ack` fault's extra attempt after an acknowledged one: never rescheduled. */
  last?: boolean;
}

/** Attempts, retries on the virtual clock, and the attempt log. */
export class DeliveryQueue {
  // A reset bumps the generation; attempts started before it neither log nor schedule anything.
  private generation = 0;
  private retries: Retry[] = [];
  private records: DeliveryRecord[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private runs: Promise<void> = Promise.resolve();

  constructor(private readonly deps: WebhookDeps) {}

  /** Starts the first attempt of each batch now (real time, asynchronously) at the current virtual time. */
  enqueue(batches: Batch[]): void {
    const at = this.deps.now();
    for (const batch of batches) void this.track(this.firstAttempts(batch, at, this.generation));
  }

  /** Every retry due by `now`, earliest first, each stamped with its due time; retries it schedules too. */
  runDue(now: number): Promise<void> {
    const run = this.runs.then(() => this.drainDue(now));
    this.runs = run.catch(() => undefined);
    return run;
  }

  /** Resolves once nothing is in flight (first attempts, immediate retries and retries being run). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  reset(): void {
    this.generation += 1;
    this.retries = [];
    this.records = [];
  }

  log(): DeliveryRecord[] {
    return this.records.map((r) => ({ ...r }));
  }

  private canSend(): boolean {
    return this.deps.isLive() || this.deps.fault('webhooks-send-when-not-live');
  }

  private track(work: Promise<void>): Promise<void> {
    const settled: Promise<void> = work.catch(() => undefined).finally(() => this.inFlight.delete(settled));
    this.inFlight.add(settled);
    return settled;
  }

  private async firstAttempts(batch: Batch, at: number, gen: number): Promise<void> {
    if (!this.canSend()) return;
    if (await this.attempt(batch, at, gen)) {
      if (this.deps.fault('webhooks-retry-after-ack') && gen === this.generation) {
        this.retries.push({ batch, firstAt: at, due: at + 60, retriesDone: 0, last: true });
      }
      return;
    }
    if (this.deps.fault('webhooks-no-retry')) return;
    // The immediate retry: same virtual time, right away in real time (R21).
    if (!this.deps.fault('webhooks-no-immediate-retry')) {
      if (gen !== this.generation || !this.canSend() || (await this.attempt(batch, at, gen))) return;
    }
    this.scheduleRetry({ batch, firstAt: at, due: at, retriesDone: 0 }, gen);
  }

  private async retry(r: Retry, gen: number): Promise<void> {
    // R20: each attempt carries its own sending time; the fault stamps the first attempt's.
    const time = this.deps.fault('webhooks-retry-keeps-first-time') ? r.firstAt : r.due;
    if (!this.canSend() || (await this.attempt(r.batch, time, gen)) || r.last) return;
    this.scheduleRetry({ ...r, retriesDone: r.retriesDone + 1 }, gen);
  }

  /** `last.due` is when the failed attempt was made; `retriesDone` counts clock retries made so far. */
  private scheduleRetry(last: Retry, gen: number): void {
    const due = nextRetryAt(this.deps, last.firstAt, last.due, last.retriesDone);
    if (due !== null && gen === this.generation) this.retries.push({ ...last, due });
  }

  private async drainDue(now: number): Promise<void> {
    await this.idle();
    for (;;) {
      const gen = this.generation;
      const at = this.retries.reduce((min, r) => (r.due <= now && r.due < min ? r.due : min), Infinity);
      if (at === Infinity) return;
      const dueNow = this.retries.filter((r) => r.due === at);
      this.retries = this.retries.filter((r) => r.due !== at);
      await Promise.all(dueNow.map((r) => this.track(this.retry(r, gen))));
    }
  }

  /** One POST; true when the receiver acknowledged it (any 2xx: a silent point of the spec). */
  private async attempt(batch: Batch, time: number, gen: number): Promise<boolean> {
    const encoded = encodeNotification(this.deps, batch, time);
    const answer = await sendCallbackRequest({
      url: batch.url,
      method: 'POST',
      headers: encoded.headers,
      body: encoded.body,
      timeoutMs: this.deps.timeoutsMs?.delivery ?? DELIVERY_TIMEOUT_MS,
      ca: callbackTrust(this.deps),
      clientCert: callbackClientCert(this.deps),
      tolerate: callbackTolerance(this.deps),
    });
    if (gen !== this.generation) return true;
    const base = { at: time, url: batch.url, updates: batch.updates.length };
    this.records.push(
      answer.ok ? { ...base, status: answer.status } : { ...base, status: null, error: answer.error },
    );
    return answer.ok && answer.status >= 200 && answer.status <= 299;
  }
}
