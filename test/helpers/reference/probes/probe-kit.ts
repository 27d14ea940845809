import { call, control, type Ref } from '../reference-client.js';

/** What a probe may use: a fresh (or freshly reset) reference and a content host with `/ok` and 404s. */
export interface ProbeEnv {
  ref: Ref;
  host: string;
}

/** Observes one behaviour; a fault switch passes when its probe sees something else than the correct target. */
export type Probe = (env: ProbeEnv) => Promise<unknown>;

export const page = ({ ref }: ProbeEnv) => ref.tokens['page'] ?? '';

export const feed = (env: ProbeEnv, query: Record<string, string | number>, prefix = '/v25.0') =>
  call(env.ref, 'GET', `${prefix}/${env.ref.pageId}/feed`, { query: { access_token: page(env), ...query } });

export const post = (env: ProbeEnv, form: Record<string, string | number>, token = page(env)) =>
  call(env.ref, 'POST', `/v25.0/${env.ref.pageId}/feed`, { form: { access_token: token, ...form } });

export const outcome = async (answer: Promise<{ status: number; body: { error?: { code?: number } } }>) => {
  const { status, body } = await answer;
  return { status, code: body?.error?.code };
};

export const now = async ({ ref }: ProbeEnv): Promise<number> =>
  (await control(ref, 'GET', '/clock')).body.now;
