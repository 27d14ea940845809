import { closedPort } from '../content-host/closed-port.js';
import { UserInputError } from '../errors.js';
import { type CertificateAuthority, createExpiredLeaf, type IssuedCertificate } from '../ca/index.js';
import {
  type ChallengeMode,
  type Receiver,
  type ReceiverOptions,
  startReceiver,
  type Verification,
} from '../receiver/index.js';

/** Where a `subscribe` step points the target: the run's receiver, or one the target must refuse. */
export const CALLBACK_VARIANTS = [
  'receiver',
  'self-signed',
  'untrusted',
  'plain-http',
  'wrong-challenge',
  'closed-port',
  'status-4xx',
  'status-5xx',
  'empty-echo',
  'no-answer',
  'expired',
  'wrong-host',
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
 * Starts a receiver the target must refuse as a callback: a self-signed, untrusted, expired or other host's
 * certificate, plain http, a trusted one that answers the verification wrongly (another value, empty, an error
 * status, no answer), or a port nothing listens on. `receiver` here is a good callback of its own, for a verify
 * token other than the run's (`base.verifyToken`).
 */
export async function startNegativeCallback(
  variant: CallbackVariant,
  base: ReceiverOptions,
  ca: () => Promise<CertificateAuthority>,
): Promise<Callback> {
  if (variant === 'closed-port') {
    const port = await closedPort(base.host ?? '127.0.0.1');
    const host = base.host?.includes(':') ? `[${base.host}]` : (base.host ?? '127.0.0.1');
    const origin = `https://${host}:${port}`;
    return { url: `${origin}/webhook`, origin, verifications: () => [], close: async () => {} };
  }
  const trusted = TRUSTED_VARIANTS.has(variant) ? await ca() : undefined;
  const receiver = await startReceiver(await optionsFor(variant, base, trusted));
  return fromReceiver(receiver, () => receiver.close());
}

/** Callbacks with a certificate from the run's CA, refused (or not) for another reason: all but these four. */
const UNTRUSTED_VARIANTS: readonly CallbackVariant[] = ['self-signed', 'untrusted', 'plain-http', 'closed-port'];
const TRUSTED_VARIANTS = new Set<CallbackVariant>(CALLBACK_VARIANTS.filter((v) => !UNTRUSTED_VARIANTS.includes(v)));

const CHALLENGE_MODES: Partial<Record<CallbackVariant, ChallengeMode>> = {
  receiver: 'echo',
  'wrong-challenge': 'wrong',
  'status-4xx': 'status-404',
  'status-5xx': 'status-500',
  'empty-echo': 'none',
  'no-answer': 'reset',
};

async function optionsFor(
  variant: CallbackVariant,
  base: ReceiverOptions,
  ca: CertificateAuthority | undefined,
): Promise<ReceiverOptions> {
  // Only the refused property differs from a good callback; mTLS is left out so nothing else can cause a refusal.
  const { mtls: _mtls, ...plain } = base;
  const challengeMode = CHALLENGE_MODES[variant];
  if (challengeMode) return { ...base, ...(ca ? { ca } : {}), challengeMode };
  if ((variant === 'expired' || variant === 'wrong-host') && ca) {
    return { ...base, ca, leaf: await refusedLeaf(variant, ca, base.host ?? '127.0.0.1') };
  }
  if (variant === 'self-signed' || variant === 'untrusted' || variant === 'plain-http') {
    return { ...plain, tlsMode: variant };
  }
  throw new UserInputError('SUITE_INVALID', `unknown callback "${variant}"; use ${CALLBACK_VARIANTS.join(', ')}`);
}

export function fromReceiver(receiver: Receiver, close: () => Promise<void>): Callback {
  return { url: receiver.callbackUrl('/webhook'), origin: receiver.url, verifications: receiver.verifications, close };
}

/**
 * A certificate from the run's CA that a target must still refuse: expired (valid from 24 h to 12 h ago), or valid
 * but for another host than the callback's.
 */
async function refusedLeaf(variant: 'expired' | 'wrong-host', ca: CertificateAuthority, host: string): Promise<IssuedCertificate> {
  if (variant === 'wrong-host') return ca.issueServer('wrong-host.graphcheck.invalid');
  return createExpiredLeaf(ca, host);
}
