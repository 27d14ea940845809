import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { UserInputError } from '../errors.js';
import { type ClientAnswer, originOf, sendAnswer } from '../http/answer.js';
import type { BoundedBody } from '../http/body-limit.js';
import { closeServer, listen } from '../http/listen.js';
import { pathAndQueryOf } from '../http/path-of.js';
import { withBody } from '../http/read-body.js';
import { CassetteSink, type SinkOptions, type StoredListener } from './cassette-sink.js';
import { type ModePlan, planMode, type RecordMode } from './record-mode.js';
import { type CassetteAnswer, ProxyHandler } from './proxy-handler.js';

/**
 * The cassette answering first, for the modes that replay (once over an existing cassette, new_episodes, none):
 * the replay's, handed over by whoever composes the recorder with it (`run/recorded/recording-proxy.ts`).
 */
export interface ReplayingFront {
  answer: CassetteAnswer;
  /** An exchange the recorder just stored: from now on the cassette answers it too. */
  stored: StoredListener;
  /** How many exchanges the cassette could answer when the recording started. */
  servable: number;
  /** The requests it could not answer (a mode that never forwards fails a session that had any). */
  misses(): readonly unknown[];
  /** Lets go of what the cassette's answers hold (their spooled bodies) once the recorder has stopped. */
  close(): void;
}

export interface RecorderOptions extends SinkOptions {
  cassette: string;
  /** Default `once`. */
  mode?: RecordMode;
  host?: string;
  port?: number;
  /** Connections kept to the target (default 64). */
  connections?: number;
  /** How long to wait on the target (default 60 s); then the client gets the recorder's 502. */
  timeoutMs?: number;
  /** The most bytes of one body held in memory (default 16 MiB, `--max-body`). */
  maxBodyBytes?: number;
  log?: (text: string) => void;
  /** The replay's answers, asked for when the mode answers from the cassette (`forwarding`: the mode forwards the rest). */
  replaying?: (cassette: string, forwarding: boolean) => Promise<ReplayingFront>;
}

export interface RunningRecorder {
  /** The base URL clients use instead of the target's. */
  url: string;
  /** What the mode and the cassette on disk decided: replay, forward, start afresh. */
  plan: ModePlan;
  /** The proxy's handler, also for other front ends (the HTTPS forward proxy). */
  handler: ProxyHandler;
  /** The cassette's one writer (absent when the mode never records). */
  sink: CassetteSink | undefined;
  /** How many exchanges the cassette could answer when the recording started (0 when it does not replay). */
  servable: number;
  /** Exchanges written by this recording. */
  recorded(): number;
  /** Exchanges the cassette could not take, and why (`ENOSPC`). */
  lost(): { exchanges: number; reason?: string };
  misses(): readonly unknown[];
  close(): Promise<void>;
}

/**
 * A loopback reverse proxy (plain node:http; the hot path stays off mockttp) that forwards to the target
 * and appends each completed exchange to the cassette, or answers from it, as the record mode says.
 */
export async function startRecorder(options: RecorderOptions): Promise<RunningRecorder> {
  checkTarget(options.target);
  // The recording starts once the port is ours: a busy port must not leave a cassette begun (or, in mode all,
  // an old one emptied) behind.
  let handler: ProxyHandler | undefined;
  let url = '';
  const server = createServer((req, res) => {
    const answer = (read: BoundedBody) => handler!.handle(clientRequest(req, res, read), originOf(req, url)).then((a: ClientAnswer) => sendAnswer(req, res, a));
    withBody(req, options.maxBodyBytes, answer).catch((error: Error) => failed(res, error, options.log));
  });
  url = await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  try {
    const { front, ...recording } = await startRecording(options);
    handler = recording.handler;
    return {
      url,
      ...recording,
      close: async () => {
        await closeServer(server);
        await recording.handler.close();
        front?.close();
      },
    };
  } catch (error) {
    await closeServer(server);
    throw error;
  }
}

/** The mode planned over the cassette on disk, the replaying front and the sink it asks for, and their handler. */
async function startRecording(options: RecorderOptions): Promise<Omit<RunningRecorder, 'url' | 'close'> & { front?: ReplayingFront }> {
  const plan = await planMode(options.mode ?? 'once', options.cassette);
  if (plan.replay && !options.replaying) throw new Error(`mode ${options.mode ?? 'once'} answers from the cassette: startRecorder needs the replay's answers`);
  const front = plan.replay ? await options.replaying!(options.cassette, plan.forward) : undefined;
  const sink = plan.forward ? await CassetteSink.open(options.cassette, plan.fresh, options) : undefined;
  if (sink && front) sink.onStored(front.stored);
  const forwarding = { connections: options.connections, timeoutMs: options.timeoutMs, maxBodyBytes: options.maxBodyBytes };
  const handler = new ProxyHandler(options.target, sink, front?.answer, forwarding);
  return {
    plan,
    handler,
    sink,
    ...(front ? { front } : {}),
    servable: front?.servable ?? 0,
    recorded: () => sink?.recorded() ?? 0,
    lost: () => sink?.lost() ?? { exchanges: 0 },
    misses: () => front?.misses() ?? [],
  };
}

function clientRequest(req: IncomingMessage, res: ServerResponse, { bytes, tooLarge }: BoundedBody) {
  return {
    method: req.method ?? 'GET',
    target: pathAndQueryOf(req.url ?? '/'),
    headers: req.headers,
    body: bytes,
    ...(tooLarge ? { bodyTooLarge: tooLarge } : {}),
    clientLeft: clientLeftSignal(res),
  };
}

/** Aborts when the connection closes before the answer was sent: the client left. */
function clientLeftSignal(res: ServerResponse): AbortSignal {
  const left = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) left.abort();
  });
  return left.signal;
}

function failed(res: ServerResponse, error: Error, log?: (text: string) => void): void {
  log?.(`recorder: ${error.message}`);
  if (!res.headersSent) res.writeHead(500).end();
  else res.destroy();
}

function checkTarget(target: string): void {
  let protocol = '';
  try {
    protocol = new URL(target).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new UserInputError('USAGE', `--target ${target}: not an http(s) URL; give the target's base URL`);
  }
}
