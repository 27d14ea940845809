import { CannotJudgeError } from '../../errors.js';
import { evaluate } from '../../suite/template.js';
import { INTEGER, object, orTemplate } from '../../validation/json-schema.js';
import { CLIENT_CERT_CHOICES, type ClientCertChoice, cannotJudgeReason, transportProblem } from '../../callback-client/callback-client.js';
import { TOKEN_VARIANTS, type TokenVariant, tokenVariant } from '../../callback-client/verify-token-variants.js';
import type { StepKind } from './step-kind.js';

export interface Body {
  challenge: unknown;
  token?: unknown;
  client_cert?: unknown;
}

/**
 * Plays the service's verification request against the app's callback (`graphcheck webhook-test`): a GET with
 * `hub.mode=subscribe`, the `hub.challenge` and a verify token (the configured one, or a near miss). With a
 * client certificate the receiver must refuse, a connection it cuts during the handshake is its refusal and is
 * kept; any other transport failure means the run cannot judge.
 */
export const verifyCallbackStep: StepKind<Body> = {
  name: 'verify-callback',
  side: 'callback',
  explain: (b) => `send the callback a verification request with the ${String(b.token ?? 'configured')} verify token`,
  body: object(
    {
      challenge: INTEGER,
      token: orTemplate({ enum: [...TOKEN_VARIANTS] }),
      client_cert: orTemplate({ enum: [...CLIENT_CERT_CHOICES] }),
    },
    ['challenge'],
  ),
  // A certificate the receiver must refuse is judged only where the app's callback expects client certificates.
  needs: (b) => (b.client_cert !== undefined && b.client_cert !== 'configured' ? { clientCertificates: true } : {}),
  control: { expect: [{ 'answer-echoes': { param: 'hub.challenge' } }] },
  run: async ({ body, scope, callback, keep }) => {
    const variant = String(evaluate(body.token ?? 'configured', scope)) as TokenVariant;
    const clientCert = String(evaluate(body.client_cert ?? 'configured', scope)) as ClientCertChoice;
    const exchange = await callback.send({
      method: 'GET',
      query: {
        'hub.mode': 'subscribe',
        'hub.challenge': String(evaluate(body.challenge, scope)),
        'hub.verify_token': tokenVariant(callback.verifyToken, variant),
      },
      clientCert,
    });
    keep({ exchange, json: undefined });
    if (!exchange.error) return;
    const refusedHandshake = clientCert !== 'configured' && ['tls', 'reset'].includes(transportProblem(exchange.error.code));
    if (!refusedHandshake) throw new CannotJudgeError('TARGET_UNREACHABLE', cannotJudgeReason(exchange.error, callback.timeoutMs));
  },
};
