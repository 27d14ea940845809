import { afterEach, beforeAll, expect } from 'vitest';
import { createWebhookService, type Update } from '../../../reference/webhooks/index.js';
import {
  type KeyAndCert,
  makeTestCa,
  payloadOf,
  type Receiver,
  type ReceiverOptions,
  startReceiver,
  type TestCa,
  type TestDepsOptions,
  testDeps,
} from './webhooks-receiver.js';

export interface SubscribedOptions {
  receiver?: ReceiverOptions;
  deps?: TestDepsOptions;
  fields?: string[];
  includeValues?: boolean;
}

/** What the webhook tests of the reference set up alike; call it at the top of a test file (it registers hooks). */
export interface WebhookTestBed {
  /** The CA the services trust; its server certificate serves the receivers. Set in beforeAll. */
  readonly ca: TestCa;
  readonly serverCert: KeyAndCert;
  /** A receiver with the CA's server certificate unless `tls` is given (`tls: undefined`: plain http); closed after the test. */
  receiver(options?: ReceiverOptions): Promise<Receiver>;
  /** A service trusting the CA (plus `deps`), its page feed subscription to a new receiver accepted. */
  subscribed(options?: SubscribedOptions): Promise<Subscribed>;
}

export interface Subscribed {
  r: Receiver;
  svc: ReturnType<typeof createWebhookService>;
  state: ReturnType<typeof testDeps>['state'];
  /** Moves the virtual clock to `now` and runs the deliveries due by then. */
  advanceTo(now: number): Promise<void>;
  /** The `time` of the first entry of every notification the receiver got, in order. */
  times(): number[];
  accept(updates: Update[]): Promise<void>;
}

export function useWebhookTestBed(): WebhookTestBed {
  let ca: TestCa | undefined;
  let serverCert: KeyAndCert | undefined;
  const receivers: Receiver[] = [];
  beforeAll(() => {
    ca = makeTestCa();
    serverCert = ca.issueServerCert();
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  const bed: WebhookTestBed = {
    get ca() {
      if (!ca) throw new Error('the webhook test bed is read before its beforeAll ran');
      return ca;
    },
    get serverCert() {
      if (!serverCert) throw new Error('the webhook test bed is read before its beforeAll ran');
      return serverCert;
    },
    async receiver(options = {}) {
      const r = await startReceiver({ tls: bed.serverCert, ...options });
      receivers.push(r);
      return r;
    },
    async subscribed(options = {}) {
      const r = await bed.receiver(options.receiver);
      const t = testDeps({ trusted: [bed.ca.caPem], ...options.deps });
      const svc = createWebhookService(t.deps);
      const outcome = await svc.upsert({
        object: 'page',
        callback_url: r.url,
        fields: options.fields ?? ['feed'],
        include_values: options.includeValues ?? true,
        verify_token: 'v',
      });
      expect(outcome).toEqual({ ok: true });
      return {
        r,
        svc,
        state: t.state,
        async advanceTo(now) {
          t.state.now = now;
          await svc.runDue(now);
        },
        times: () => r.posts().map((p) => payloadOf(p).entry[0]?.time as number),
        async accept(updates) {
          svc.acceptEvents(updates);
          await svc.idle();
        },
      };
    },
  };
  return bed;
}
