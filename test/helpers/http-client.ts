import { Agent, request } from 'undici';

/** Plays the target's HTTP client in tests: trusts `caPem` only, optionally presents a client certificate. */
export function clientAgent(
  options: { caPem?: string; cert?: { certPem: string; keyPem: string }; connections?: number } = {},
): Agent {
  return new Agent({
    // At most this many connections per origin (1: every request rides the one the first request opened); default:
    // as many as needed.
    ...(options.connections ? { connections: options.connections } : {}),
    connect: {
      ...(options.caPem ? { ca: options.caPem } : {}),
      ...(options.cert ? { cert: options.cert.certPem, key: options.cert.keyPem } : {}),
    },
  });
}

export type Outcome = { status: number; body: string } | { error: string };

/** One request; a transport failure comes back as its error code instead of a throw. */
export async function call(
  agent: Agent,
  url: string,
  init: { method?: 'GET' | 'POST'; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Outcome> {
  try {
    const response = await request(url, {
      method: init.method ?? 'GET',
      dispatcher: agent,
      ...(init.body ? { body: init.body } : {}),
      ...(init.headers ? { headers: init.headers } : {}),
    });
    return { status: response.statusCode, body: await response.body.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { error: String((error as { code?: string }).code ?? cause ?? error) };
  }
}
