import type { Exchange } from '../model/index.js';
import { type Check, isRecord } from './check.js';

interface Args {
  /** The expected common name (`{{profile.webhooks.client_cert_cn}}`). */
  cn: string;
}

/**
 * Reading R46: every callback connection (the verification GETs in `meta.verifications` and the step's
 * notifications) presented a client certificate with the expected common name, sent with its intermediate.
 */
export const clientCertificate: Check = {
  name: 'client-certificate',
  acceptsAnyBody: true,
  explain: (raw) => {
    const cn = JSON.stringify((raw as Args | undefined)?.cn);
    return `every callback connection presents a client certificate with CN ${cn} and its intermediate (R46)`;
  },
  argsProblem: (raw) => (isRecord(raw) && typeof raw.cn === 'string' ? undefined : 'client-certificate takes { cn }'),
  run: (input, raw) => {
    const { cn } = raw as Args;
    const verifications = (Array.isArray(input.meta.verifications) ? input.meta.verifications : []) as Exchange[];
    const webhookRequests = input.exchanges.filter((e) => e.kind?.startsWith('webhook-'));
    const judged = [...verifications, ...webhookRequests];
    if (judged.length === 0) {
      return [{ message: 'no callback request reached the receiver, so no client certificate was seen' }];
    }
    const first = judged.map((e) => problem(e, cn)).find((p) => p !== undefined);
    return first ? [{ message: first }] : [];
  },
};

function problem(exchange: Exchange, cn: string): string | undefined {
  const what = exchange.kind === 'webhook-verification' ? 'a verification GET' : 'a notification';
  const tls = exchange.tlsClient;
  if (!tls) return `${what} did not come over TLS`;
  if (!tls.presented) return `${what} came without a client certificate (R46)`;
  if (tls.cn !== cn) {
    return `${what} presented a client certificate with CN ${JSON.stringify(tls.cn)}, expected ${JSON.stringify(cn)}`;
  }
  if (tls.chain.length < 2) return `${what} presented its client certificate without the intermediate (R46)`;
  return undefined;
}
