import { createHash } from 'node:crypto';
import type { BodyKept, Exchange, RuleResult } from '../model/index.js';

/** Bodies above this size are kept in reports as their size, SHA-256 and first bytes. */
export const REPORT_BODY_LIMIT = 64 * 1024;
/** How much of such a body reports keep. */
const KEPT_BYTES = 1024;

/**
 * A rule result whose evidence bodies fit a report: a 10 MB upload that made a rule fail is shown by its size,
 * hash and first kilobyte, so report.json stays small and the hash still tells which bytes were sent.
 */
export function slimResult(r: RuleResult, limit = REPORT_BODY_LIMIT): RuleResult {
  if (!r.evidence.some((e) => tooLarge(e.request, limit) || (e.response && tooLarge(e.response, limit)))) return r;
  return { ...r, evidence: r.evidence.map((e) => slimExchange(e, limit)) };
}

export function slimExchange(exchange: Exchange, limit = REPORT_BODY_LIMIT): Exchange {
  const { request, response } = exchange;
  return {
    ...exchange,
    request: tooLarge(request, limit) ? { ...request, ...slimBody(request) } : request,
    ...(response && tooLarge(response, limit) ? { response: { ...response, ...slimBody(response) } } : {}),
  };
}

interface HasBody {
  body?: string;
  bodyEncoding?: 'utf8' | 'base64';
}

function bytesOf(part: HasBody): Buffer {
  return Buffer.from(part.body ?? '', part.bodyEncoding === 'base64' ? 'base64' : 'utf8');
}

function tooLarge(part: HasBody, limit: number): boolean {
  // Cheap bound first: a text body of fewer UTF-16 units than limit/3 cannot exceed limit bytes.
  if (part.body === undefined || part.body.length * 3 <= limit) return false;
  return bytesOf(part).length > limit;
}

function slimBody(part: HasBody): { body: string; bodyTruncated: BodyKept } {
  const bytes = bytesOf(part);
  const head = bytes.subarray(0, KEPT_BYTES);
  const body = part.bodyEncoding === 'base64' ? head.toString('base64') : head.toString('utf8').replace(/\uFFFD$/, '');
  return { body, bodyTruncated: { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') } };
}
