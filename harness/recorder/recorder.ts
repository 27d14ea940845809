import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { CassetteWriter } from '../cassette/cassette-writer.js';
import type { MissExplanation } from '../replay/explain-miss.js';
import { closeServer, listen } from '../replay/listen.js';
import { loadReplay, replayEntry } from '../replay/load-replay.js';
import type { MatchMode } from '../replay/match-index.js';
import { readBody } from '../replay/read-body.js';
import { originOf } from '../replay/replay-server.js';
import { Replayer } from '../replay/replayer.js';
import { clientHeaders } from './forward-headers.js';
import { Forwarder } from './forwarder.js';
import { OriginRewriter } from './origin-rewriter.js';
import { planMode, type RecordMode } from './record-mode.js';

export interface RecorderOptions {
  /** Base URL of the target the proxy forwards to. */
  target: string;
  cassette: string;
  host?: string;
  port?: number;
  mode?: RecordMode;
  /** Redact secrets (default true). */
  redact?: boolean;
  appSecret?: string;
  secrets?: string[];
  match?: MatchMode;
  ignoreVersion?: boolean;
  log?: (text: string) => void;
  /** Connections kept to the target (default 64). */
  connections?: number;
}

export interface RunningRecorder {
  /** The base URL clients use instead of the target's. */
  url: string;
  /** Appends exchanges from other parts (the webhook receiver); undefined when the mode never records. */
  writer: CassetteWriter | undefined;
  /** Exchanges written by this session. */
  recorded(): number;
  misses(): readonly MissExplanation[];
  close(): Promise<void>;
}

/** A loopback reverse proxy that forwards to the target and appends each completed exchange to the cassette. */
export async function startRecorder(options: RecorderOptions): Promise<RunningRecorder> {
  const plan = await planMode(options.mode ?? 'once', options.cassette);
  const redaction = { redact: options.redact, appSecret: options.appSecret, secrets: options.secrets };
  const source = plan.replay ? await loadReplay(options.cassette, { ignoreVersion: options.ignoreVersion }) : undefined;
  const replayer = source ? new Replayer(source, { match: options.match, log: options.log }) : undefined;
  const forwarder = plan.forward ? new Forwarder(options.target, options.connections) : undefined;
  let writer: CassetteWriter | undefined;
  if (plan.forward) {
    writer = plan.fresh
      ? CassetteWriter.create(options.cassette, { target: options.target, ...redaction })
      : await CassetteWriter.append(options.cassette, redaction);
  }
  const rewriter = new OriginRewriter(options.target);
  let written = 0;
  let url = '';

  const record = async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> => {
    const f = forwarder as Forwarder;
    const { exchange, body: answer } = await f.forward(req.method ?? 'GET', req.url ?? '/', req.headers, body);
    const stored = (writer as CassetteWriter).append(exchange);
    written++;
    if (source && replayer) {
      source.resolver.add((writer as CassetteWriter).placeholders);
      source.index.addServed(replayEntry(stored, (writer as CassetteWriter).count - 1, source));
    }
    if (!exchange.response || !answer) {
      const message = Buffer.from(JSON.stringify({ graphcheck_recorder_error: exchange.error }));
      res.writeHead(502, { 'content-type': 'application/json', 'content-length': String(message.length) });
      res.end(message);
      return;
    }
    const clientBase = originOf(req, url);
    const out = rewriter.body(answer, clientBase);
    const headers = clientHeaders(exchange.response.headers, out.length, (v) => rewriter.text(v, clientBase));
    res.writeHead(exchange.response.status, headers);
    res.end(out);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req);
    if (replayer) {
      const miss = replayer.answer(req, res, replayer.normalize(req, body), originOf(req, url));
      if (!miss) return;
      if (!forwarder) return replayer.refuse(res, miss);
    }
    await record(req, res, body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      options.log?.(`recorder: ${error.message}`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  url = await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  return {
    url,
    writer,
    recorded: () => written,
    misses: () => replayer?.misses() ?? [],
    close: async () => {
      await closeServer(server);
      await forwarder?.close();
      writer?.close();
    },
  };
}
