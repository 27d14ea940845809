import { object } from '../../validation/json-schema.js';
import type { StepKind } from './step-kind.js';

/**
 * Connects to the app's callback once (`graphcheck webhook-test`) and keeps what the handshake showed (scheme,
 * certificate) as the fact `tls`, for `callback-tls` to judge. No request is sent.
 */
export const callbackTlsStep: StepKind<Record<string, never>, 'tls'> = {
  name: 'callback-tls',
  side: 'callback',
  leaves: ['tls'],
  explain: () => "connect to the callback and read its scheme and certificate",
  body: object({}),
  run: async ({ callback, outcome }) => {
    outcome.facts.tls = await callback.probe();
  },
};
