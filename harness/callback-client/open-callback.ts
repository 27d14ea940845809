import { readFile } from 'node:fs/promises';
import { readCaFiles } from '../ca/index.js';
import { CannotJudgeError, UserInputError } from '../errors.js';
import { type CallbackUnderTest, cannotJudgeReason, createCallbackClient } from './callback-client.js';
import { clientCertificates } from './client-certificates.js';
import { probeTls } from './tls-probe.js';
import { revealingVariants } from './verify-token-variants.js';

/** The app's callback as `webhook-test` names it: the endpoint, its secrets, and the files its TLS needs. */
export interface CallbackTarget {
  url: string;
  verifyToken: string;
  appSecret: string;
  /** A PEM CA file trusted besides the system store (`--ca`). */
  ca?: string;
  /** mTLS: the `graphcheck ca` folder the callback trusts for client certificates (`--client-ca`). */
  clientCa?: string;
  /** mTLS: the common name the callback expects (`--client-cn`). */
  clientCn?: string;
}

/**
 * The callback under test, reached once before any rule: the CA files read (a wrong path is the user's to fix),
 * the mTLS client certificates issued, and the transport probed. Like run's preflight, a callback nobody answers,
 * or whose certificate's issuer is unknown here, is not judged at all (CannotJudgeError).
 */
export async function openCallback(target: CallbackTarget, timeoutMs: number): Promise<CallbackUnderTest> {
  const caPem = target.ca ? await readCa(target.ca) : undefined;
  const clientCa = target.clientCa ? await readCaFiles(target.clientCa) : undefined;
  const clientCerts = clientCa && target.clientCn ? await clientCertificates(clientCa, target.clientCn, target.clientCa!) : undefined;
  const tls = await probeTls({ url: new URL(target.url), timeoutMs, ...(caPem ? { caPem } : {}), ...(clientCerts?.configured ? { clientCert: clientCerts.configured } : {}) });
  if (tls.failed) throw new CannotJudgeError('TARGET_UNREACHABLE', `${target.url}: ${cannotJudgeReason(tls.failed, timeoutMs)}`);
  if (tls.untrusted) {
    throw new CannotJudgeError(
      'TARGET_UNREACHABLE',
      `${target.url}: TLS failed (${tls.untrusted}): the certificate's issuer is not trusted; pass --ca FILE with the CA of the endpoint's certificate`,
    );
  }
  return createCallbackClient({
    url: target.url,
    verifyToken: target.verifyToken,
    appSecret: target.appSecret,
    timeoutMs,
    tls,
    ...(caPem ? { caPem } : {}),
    ...(clientCerts ? { clientCerts, clientCn: target.clientCn } : {}),
    secrets: revealingVariants(target.verifyToken),
  });
}

async function readCa(file: string): Promise<string> {
  let pem: string;
  try {
    pem = await readFile(file, 'utf8');
  } catch {
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the --ca file; pass a PEM certificate`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw new UserInputError('USAGE', `${file}: not a PEM certificate (no BEGIN CERTIFICATE line)`);
  }
  return pem;
}
