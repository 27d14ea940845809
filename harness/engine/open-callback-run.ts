import { GraphClient } from '../client/graph-client.js';
import { virtualContentHost } from '../content-host/virtual-host.js';
import { ControlClient } from '../control/control-client.js';
import type { Profile } from '../profile/profile.js';
import type { CallbackUnderTest } from './callback/callback-client.js';
import type { RunContext } from './run-context.js';
import { createWebhookHarness } from './webhooks/webhook-harness.js';

export interface CallbackRunOptions {
  callback: CallbackUnderTest;
  seed: number;
  replayCommand(ruleId: string): string;
  targetSource: string;
}

/**
 * The run context of `graphcheck webhook-test`: the same engine runs the callback rules, but there is no target.
 * Its profile describes the one thing under test, the app (its secret, whether mTLS is on), with no control
 * protocol, tokens or fixtures: a rule of another side would be skipped for what it needs, and the callback
 * steps talk only to `callback`. Nothing here listens or connects until a step does.
 */
export function openCallbackRun(options: CallbackRunOptions): { ctx: RunContext; close(): Promise<void> } {
  const { callback } = options;
  const profile = callbackProfile(callback);
  const control = new ControlClient(profile, callback.timeoutMs);
  const webhooks = createWebhookHarness({ profile, control, quiet: control });
  const ctx: RunContext = {
    profile,
    client: new GraphClient(profile, callback.timeoutMs),
    control,
    // The callback rules link to no content: addresses only, nobody listening.
    host: virtualContentHost(callback.url, callback.url),
    version: null,
    seed: options.seed,
    // Each rule's generated values (challenges, ids) are drawn once: more runs would judge the same thing again.
    runs: 1,
    unissuedToken: '',
    setupProblems: new Map(),
    evidence: { sink: [] },
    replayCommand: options.replayCommand,
    targetSource: options.targetSource,
    webhooks,
    callback,
  };
  return {
    ctx,
    close: async () => {
      await webhooks.close();
      await callback.close();
    },
  };
}

function callbackProfile(callback: CallbackUnderTest): Profile {
  return {
    contract: 1,
    base_url: callback.url,
    auth_url: callback.url,
    imgnet_base_url: callback.url,
    capabilities: [],
    versions: { latest: '', usable: [], expired: [] },
    app: { id: 'webhook-test', secret: callback.appSecret, redirect_uris: [] },
    tokens: {},
    fixtures: {},
    auth: { token_endpoint: { method: 'POST', path: '/' } },
    errors: { code: 'error.code', subcode: 'error.error_subcode', message: 'error.message', type: 'error.type' },
    webhooks: { receiver_host: '127.0.0.1', mtls: callback.clientCerts !== undefined, client_cert_cn: callback.clientCn ?? '' },
  };
}
