import { closedPort } from '../../content-host/closed-port.js';
import { UserInputError } from '../../errors.js';
import {
  type CertificateAuthority,
  type Receiver,
  type ReceiverOptions,
  startReceiver,
  type Verification,
} from '../../receiver/index.js';

/** Where a `subscribe` step points the target: the run's receiver, or one the target must refuse. */
export const CALLBACK_VARIANTS = [
  'receiver',
  'self-signed',
  'untrusted',
  'plain-http',
  'wrong-challenge',
  'closed-port',
] as const;
export type CallbackVariant = (typeof CALLBACK_VARIANTS)[number];

/** A callback URL for one step, the verification GETs it saw, and how to stop what was started for it. */
export interface Callback {
  url: string;
  /** The receiver's base URL, which recorded paths are relative to. */
  origin: string;
  verifications(): Verification[];
  close(): Promise<void>;
}

export function isCallbackVariant(value: unknown): value is CallbackVariant {
  return CALLBACK_VARIANTS.includes(value as CallbackVariant);
}

/**
 * Starts a receiver the target must refuse as a callback: a self-signed or untrusted certificate, plain http, a
 * trusted one that echoes a wrong challenge, or a port nothing listens on.
 */
export async function startNegativeCallback(
  variant: Exclude<CallbackVariant, 'receiver'>,
  base: ReceiverOptions,
  ca: () => Promise<CertificateAuthority>,
): Promise<Callback> {
  if (variant === 'closed-port') {
    const port = await closedPort(base.host ?? '127.0.0.1');
    const host = base.host?.includes(':') ? `[${base.host}]` : (base.host ?? '127.0.0.1');
    const origin = `https://${host}:${port}`;
    return { url: `${origin}/webhook`, origin, verifications: () => [], close: async () => {} };
  }
  const trusted = variant === 'wrong-challenge' ? await ca() : undefined;
  const receiver = await startReceiver(optionsFor(variant, base, trusted));
  return fromReceiver(receiver, () => receiver.close());
}

function optionsFor(variant: string, base: ReceiverOptions, ca: CertificateAuthority | undefined): ReceiverOptions {
  // Only the refused property differs from a good callback; mTLS is left out so nothing else can cause a refusal.
  const { mtls: _mtls, ...plain } = base;
  if (variant === 'wrong-challenge') return { ...base, ...(ca ? { ca } : {}), challengeMode: 'wrong' };
  if (variant === 'self-signed' || variant === 'untrusted' || variant === 'plain-http') {
    return { ...plain, tlsMode: variant };
  }
  throw new UserInputError('SUITE_INVALID', `unknown callback "${variant}"; use ${CALLBACK_VARIANTS.join(', ')}`);
}

export function fromReceiver(receiver: Receiver, close: () => Promise<void>): Callback {
  return { url: receiver.callbackUrl('/webhook'), origin: receiver.url, verifications: receiver.verifications, close };
}
