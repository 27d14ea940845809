import { type ReferenceOptions, type RunningReference, startReference } from '../../reference/index.js';

/**
 * How a front's server is made: its idle connections stay open a minute, as the reference's do. With Node's 5 s
 * default, a run whose client was idle for seconds (a loaded machine, a long rule run alone) sends its next request
 * on a connection the front is just closing, and it dies with a reset no rule could judge.
 */
export const FRONT_SERVER = { keepAliveTimeout: 60_000 } as const;

/** Where a front passes requests on: read as each request or connection comes, so it may be started first. */
export type Upstream = string | (() => string);

export function upstreamUrl(upstream: Upstream): string {
  return typeof upstream === 'function' ? upstream() : upstream;
}

/**
 * The reference behind a front (a proxy that delays, varies or refuses), the one way tests and benchmarks put it
 * there, as `serve-reference --public-url` does: the front starts first, and the reference is started with the
 * front's URL as its public one, so its profile (`base_url`, `auth_url`, `imgnet_base_url`, `control_url`) and every
 * link it hands out (`paging.next`, pictures) lead through the front, with nothing rewritten on the way. `options`
 * are the reference's own (faults, a media origin, ...).
 */
export async function referenceBehind<Front extends { url: string; close(): Promise<void> }>(
  startFront: (upstream: () => string) => Promise<Front>,
  options: Omit<ReferenceOptions, 'publicUrl'> = {},
): Promise<{ reference: RunningReference; front: Front; close(): Promise<void> }> {
  let listening: string | undefined;
  const front = await startFront(() => {
    if (listening === undefined) throw new Error('a request reached the front before the reference listened');
    return listening;
  });
  const reference = await startReference({ ...options, publicUrl: front.url }).catch(async (error: unknown) => {
    await front.close();
    throw error;
  });
  listening = `http://${reference.listeningOn.host}:${reference.listeningOn.port}`;
  return {
    reference,
    front,
    close: async () => {
      await front.close();
      await reference.close();
    },
  };
}
