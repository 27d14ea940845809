import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { MissExplanation } from './explain-miss.js';
import type { BoundedBody } from '../http/body-limit.js';
import { originOf } from '../http/answer.js';
import { closeServer, listen } from '../http/listen.js';
import { withBody } from '../http/read-body.js';
import { loadReplay, type ReplaySource } from './load-replay.js';
import type { MatchMode } from './match-index.js';
import type { SecretMatching } from './normalize-request.js';
import { Replayer, type ReplayerOptions } from './replayer.js';

export interface ReplayServerOptions {
  /** A cassette file, or one already loaded. */
  cassette: string | ReplaySource;
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  match?: MatchMode;
  ignoreVersion?: boolean;
  /** How a secret the client sends must agree with the recorded one (default `hash`; `any` for dummy tokens). */
  secrets?: SecretMatching;
  /** The most bytes of one request body held (default 16 MiB); a larger one is matched by its size and hash. */
  maxBodyBytes?: number;
  log?: (text: string) => void;
  onServe?: ReplayerOptions['onServe'];
}

export interface RunningReplay {
  /** `http://127.0.0.1:PORT`: the base URL clients use instead of the target's. */
  url: string;
  source: ReplaySource;
  misses(): readonly MissExplanation[];
  /** Exchanges answered from the cassette so far. */
  served(): number;
  /** Answers from cassette position `index` on (see MatchIndex.seek). */
  seek(index: number): void;
  /** Stops serving and lets go of the cassette's spooled bodies (a source handed over is the server's from then on). */
  close(): Promise<void>;
}

/**
 * Serves a cassette on loopback: every request is answered from it, or refused with status 599. The server listens
 * before a cassette file is read, so a `--host` or `--port` it cannot have is said at once, not after a long read;
 * a request that comes in the meantime (a fixed port) waits for the cassette.
 */
export async function startReplayServer(options: ReplayServerOptions): Promise<RunningReplay> {
  let url = '';
  let loaded!: (replayer: Replayer) => void;
  const ready = new Promise<Replayer>((resolve) => (loaded = resolve));
  const handle = async (req: IncomingMessage, res: ServerResponse, body: BoundedBody): Promise<void> => {
    const replayer = await ready;
    const miss = replayer.answer(req, res, originOf(req, url), body);
    if (miss) replayer.refuse(res, miss);
  };
  const server = createServer((req, res) => {
    withBody(req, options.maxBodyBytes, (body) => handle(req, res, body)).catch(() => req.socket.destroy());
  });
  url = await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  let source: ReplaySource;
  let replayer: Replayer;
  try {
    source =
      typeof options.cassette === 'string'
        ? await loadReplay(options.cassette, {
            ignoreVersion: options.ignoreVersion,
            ...(options.secrets ? { secrets: options.secrets } : {}),
            ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
            // A server started from a file answers; the exchanges it does not serve are only counted.
            keepUnserved: false,
          })
        : options.cassette;
    replayer = new Replayer(source, {
      match: options.match,
      log: options.log,
      ...(options.onServe ? { onServe: options.onServe } : {}),
    });
  } catch (error) {
    // Nothing is served from a cassette that could not be made ready: the port is let go.
    await closeServer(server);
    throw error;
  }
  loaded(replayer);
  return {
    url,
    source,
    misses: () => replayer.misses(),
    served: () => replayer.served,
    seek: (index) => source.index.seek(index),
    close: async () => {
      await closeServer(server);
      source.spool.close();
    },
  };
}
