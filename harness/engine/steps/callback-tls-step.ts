import { object } from '../../validation/json-schema.js';
import { callbackOf } from '../callback/callback-of.js';
import type { StepKind } from './step-kind.js';

/**
 * Connects to the app's callback once (`graphcheck webhook-test`) and keeps what the handshake showed (scheme,
 * certificate) as `meta.tls`, for `callback-tls` to judge. No request is sent.
 */
export const callbackTlsStep: StepKind<Record<string, never>> = {
  name: 'callback-tls',
  explain: () => "connect to the callback and read its scheme and certificate",
  body: object({}),
  run: async ({ ctx, outcome }) => {
    outcome.meta.tls = await callbackOf(ctx, 'callback-tls').probe();
  },
};
