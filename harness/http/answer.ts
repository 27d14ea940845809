import type { IncomingMessage, ServerResponse } from 'node:http';
import { RECORDER_ERROR_HEADER } from '../headers.js';
import type { BodyTooLarge } from '../model/exchange.js';
import { tooLargeReason } from './body-limit.js';

/** An answer ready to send, the recorder's and the replay server's alike. */
export interface RenderedResponse {
  status: number;
  /** Flat `[name, value, name, value...]`, as `writeHead` takes repeated headers. */
  headers: string[];
  body: Buffer;
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
  res.end(answer.body);
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
