import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { CassetteWriter } from '../cassette/cassette-writer.js';
import type { MissExplanation } from '../replay/explain-miss.js';
import { closeServer, listen } from '../replay/listen.js';
import { readBody } from '../replay/read-body.js';
import { originOf } from '../replay/replay-server.js';
import { type ClientAnswer, type RecordingOptions, RecordingSession } from './recording-session.js';

export interface RecorderOptions extends RecordingOptions {
  host?: string;
  port?: number;
}

export interface RunningRecorder {
  /** The base URL clients use instead of the target's. */
  url: string;
  /** Appends exchanges from other parts (the webhook receiver); undefined when the mode never records. */
  writer: CassetteWriter | undefined;
  /** The session behind the proxy, to serve other front ends (the HTTPS forward proxy) from the same cassette. */
  session: RecordingSession;
  /** Exchanges written by this session. */
  recorded(): number;
  misses(): readonly MissExplanation[];
  close(): Promise<void>;
}

/** The path and query of a request target; a client using us as a plain HTTP proxy sends an absolute URL. */
function pathOf(target: string): string {
  if (target.startsWith('/')) return target;
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(target);
  return m ? m[1] || '/' : target;
}

export function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: ClientAnswer): void {
  if (answer === 'drop') {
    req.socket.destroy();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}

/**
 * A loopback reverse proxy (plain node:http; the hot path stays off mockttp) that forwards to the target
 * and appends each completed exchange to the cassette, or answers from it, as the record mode says.
 */
export async function startRecorder(options: RecorderOptions): Promise<RunningRecorder> {
  // The session starts once the port is ours: a busy port must not leave a cassette begun (or, in mode all,
  // an old one emptied) behind.
  let session: RecordingSession | undefined;
  let url = '';
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req);
    const request = {
      method: req.method ?? 'GET',
      target: pathOf(req.url ?? '/'),
      headers: req.headers,
      body,
    };
    sendAnswer(req, res, await (session as RecordingSession).handle(request, originOf(req, url)));
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      options.log?.(`recorder: ${error.message}`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  url = await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  try {
    session = await RecordingSession.start(options);
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  return {
    url,
    writer: session.writer,
    session,
    recorded: () => session.recorded(),
    misses: () => session.misses(),
    close: async () => {
      await closeServer(server);
      await session.close();
    },
  };
}
