import type { Exchange } from '../model/index.js';
import type { Check } from './check.js';
import { object, STRING } from '../validation/json-schema.js';

export interface Args {
  /** The expected common name (`{{profile.webhooks.client_cert_cn}}`). */
  cn: string;
}

/**
 * Reading R46: every callback connection (the verification GETs a `subscribe` step leaves as `verifications` and the step's
 * notifications) presented a client certificate with the expected common name, sent with its intermediate.
 */
export const clientCertificate: Check<Args> = {
  name: 'client-certificate',
  acceptsAnyBody: true,
  explain: (args) => {
    const cn = JSON.stringify(args.cn);
    return `every callback connection presents a client certificate with CN ${cn} and its intermediate (R46)`;
  },
  args: object({ cn: STRING }, ['cn']),
  run: (input, { cn }) => {
    const verifications = input.facts.verifications ?? [];
    const webhookRequests = input.exchanges.filter((e) => e.kind?.startsWith('webhook-'));
    const judged = [...verifications, ...webhookRequests];
    if (judged.length === 0) {
      return { findings: [], judged: 0, nothingJudged: 'no callback request reached the receiver, so no client certificate was seen' };
    }
    const first = judged.map((e) => problem(e, cn)).find((p) => p !== undefined);
    return { findings: first ? [{ message: first }] : [], judged: judged.length };
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
  // The TLS layer links a certificate to the next only when that one issued it: a chain of one means the
  // intermediate was missing or did not issue the leaf.
  if (tls.chain.length < 2) return `${what} presented its client certificate without the intermediate that issued it (R46)`;
  return undefined;
}
