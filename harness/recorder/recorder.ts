import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listen } from '../http/listen.js';
import { pathAndQueryOf } from '../http/path-of.js';
import { withBody } from '../http/read-body.js';
import type { BoundedBody } from '../http/body-limit.js';
import type { MissExplanation } from '../replay/explain-miss.js';
import { originOf } from '../replay/replay-server.js';
import { type ClientAnswer, type RecordingOptions, RecordingSession } from './recording-session.js';

export interface RecorderOptions extends RecordingOptions {
  host?: string;
  port?: number;
}

export interface RunningRecorder {
  /** The base URL clients use instead of the target's. */
  url: string;
  /** The session behind the proxy: the cassette's one writer, also for other front ends (the HTTPS forward proxy). */
  session: RecordingSession;
  /** Exchanges written by this session. */
  recorded(): number;
  /** Exchanges the cassette could not take, and why (`ENOSPC`). */
  lost(): { exchanges: number; reason?: string };
  misses(): readonly MissExplanation[];
  close(): Promise<void>;
}

export function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: ClientAnswer): void {
  if (answer === 'drop') {
    req.socket.destroy();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}

/** Aborts when the connection closes before the answer was sent: the client left. */
function clientLeftSignal(res: ServerResponse): AbortSignal {
  const left = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) left.abort();
  });
  return left.signal;
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
  const handle = async (req: IncomingMessage, res: ServerResponse, { bytes, tooLarge }: BoundedBody): Promise<void> => {
    const request = {
      method: req.method ?? 'GET',
      target: pathAndQueryOf(req.url ?? '/'),
      headers: req.headers,
      body: bytes,
      ...(tooLarge ? { bodyTooLarge: tooLarge } : {}),
      clientLeft: clientLeftSignal(res),
    };
    sendAnswer(req, res, await (session as RecordingSession).handle(request, originOf(req, url)));
  };
  const failed = (res: ServerResponse, error: Error): void => {
    options.log?.(`recorder: ${error.message}`);
    if (!res.headersSent) res.writeHead(500).end();
    else res.destroy();
  };
  const server = createServer((req, res) => {
    withBody(req, options.maxBodyBytes, (read) => handle(req, res, read)).catch((error: Error) => failed(res, error));
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
    session,
    recorded: () => session.recorded(),
    lost: () => session.lost(),
    misses: () => session.misses(),
    close: async () => {
      await closeServer(server);
      await session.close();
    },
  };
}
