import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RECORDER_ERROR_HEADER } from '../headers.js';
import type { BodyTooLarge } from '../model/exchange.js';
import { tooLargeReason } from './body-limit.js';

/** A body sent as it is read (a replayed answer kept on disk rather than in memory); its length known before. */
export interface StreamedBody {
  length: number;
  chunks(): AsyncIterable<Buffer>;
}

/** An answer ready to send, the recorder's and the replay server's alike. */
export interface RenderedResponse {
  status: number;
  /** Flat `[name, value, name, value...]`, as `writeHead` takes repeated headers. */
  headers: string[];
  body: Buffer | StreamedBody;
}

/** What to send a client: an answer, or nothing (the connection is dropped, as the recording had it). */
export type ClientAnswer = RenderedResponse | 'drop';

/** Sends `answer`, or drops the connection. */
export function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: ClientAnswer): void {
  if (answer === 'drop') {
    req.socket.destroy();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  writeBody(res, answer.body);
}

/** Ends `res` with `body`: at once, or as it is read, at the pace the client takes it (a failed read cuts the answer). */
export function writeBody(res: ServerResponse, body: Buffer | StreamedBody): void {
  if (Buffer.isBuffer(body)) {
    res.end(body);
    return;
  }
  pipeline(Readable.from(body.chunks()), res).catch(() => res.destroy());
}

/** The whole body in memory, for a sender that takes only bytes (the HTTPS forward proxy's). */
export async function bodyBytesOf(body: Buffer | StreamedBody): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body.chunks()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The origin the client used to reach us, so rewritten URLs lead back here whatever name it used. */
export function originOf(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host;
  return host ? `http://${host}` : fallback;
}

/**
 * The recorder's own answer when the target gave none it could pass on (no answer, one past the size limit):
 * JSON naming the problem, and the `x-graphcheck-recorder-error` header, so graphcheck's client judges the
 * target's failure, never this answer. Replay gives the same answer for such a recorded exchange.
 */
export function recorderAnswer(status: number, error: { code: string; message: string }): RenderedResponse {
  const body = Buffer.from(JSON.stringify({ graphcheck_recorder_error: error }));
  const headers = ['content-type', 'application/json', 'content-length', String(body.length)];
  headers.push(RECORDER_ERROR_HEADER, error.code);
  return { status, headers, body };
}

/** What the recorder answered for a response past the size limit. */
export function tooLargeAnswer(tooLarge: BodyTooLarge): RenderedResponse {
  return recorderAnswer(502, { code: 'ANSWER_TOO_LARGE', message: `the target's ${tooLargeReason('answer', tooLarge)}` });
}
