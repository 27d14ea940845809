import type { Exchange, RuleResult, SequenceStory } from '../model/index.js';
import { curlOf } from './curl.js';
import { runsWords } from './runs-words.js';

const BODY_LIMIT = 2000;

/**
 * A sequence rule's failure as a story: the shrunk sequence's operations, numbered, each with its requests and the
 * answer, then at the one that failed what the model held and expected and what came back.
 */
export function sequenceLines(story: SequenceStory): string[] {
  const count = story.operations.length;
  const lines = [`sequence (shrunk to ${count} operation${count === 1 ? '' : 's'}):`];
  for (const step of story.operations) {
    const requests = step.requests.length > 2 ? `${step.requests.slice(0, 2).join(', ')}, … (${step.requests.length} requests)` : step.requests.join(', ');
    const exchanges = step.exchanges.length ? ` [exchange ${step.exchanges.map((i) => `#${i + 1}`).join(', ')}]` : '';
    lines.push(`  ${step.number}. ${step.operation}${step.args ? ` (${step.args})` : ''}: ${requests || 'no request'} -> ${step.outcome}${exchanges}`);
  }
  lines.push(`  at ${story.failedAt}, the model held: ${story.model.join('; ')}`);
  if (story.expected) lines.push(`  the model expected: ${story.expected}`);
  if (story.actual) lines.push(`  what came back: ${story.actual}`);
  return lines;
}

/** The plain-text account of a failed or errored rule, shared by the console, JUnit and Markdown. */
export function describeFailure(r: RuleResult): string {
  const lines: string[] = [];
  for (const cite of r.cites) lines.push(`spec (${cite.section}): "${cite.text}"`);
  if (r.readings.length) lines.push(`readings: ${r.readings.join(', ')}`);
  const runs = runsWords(r);
  if (runs) lines.push(`${runs} (the replay command below repeats them with the run seed)`);
  if (r.judged !== undefined) lines.push(`judged: ${r.judged} assertion(s)`);
  if (r.counterexample !== undefined) lines.push(`counterexample (shrunk): ${JSON.stringify(r.counterexample)}`);
  if (r.sequence) lines.push(...sequenceLines(r.sequence));
  for (const f of r.findings) lines.push(`finding [${f.check}]: ${f.message}`);
  const shown = new Set(r.findings.map((f) => f.exchange).filter((i): i is number => i !== undefined));
  const exchanges = shown.size ? [...shown] : r.evidence.length ? [r.evidence.length - 1] : [];
  for (const i of exchanges) {
    const exchange = r.evidence[i];
    if (exchange) lines.push(...describeExchange(exchange, i));
  }
  if (r.evidence.length > exchanges.length) lines.push(`(${r.evidence.length} exchanges in all: see report.json)`);
  lines.push(`replay: ${r.replay}`);
  return lines.join('\n');
}

export function describeExchange(exchange: Exchange, index: number): string[] {
  const { request, response, error } = exchange;
  const where = exchange.recordedAt === undefined ? '' : ` (#${exchange.recordedAt} in the recording)`;
  const control = isPositiveControl(exchange) ? ' (positive control: the same request made valid)' : '';
  const lines = [`exchange #${index + 1}${where}${control}: ${request.method} ${request.url}`];
  if (request.body !== undefined && request.bodyEncoding !== 'base64') lines.push(`  request body: ${clip(request.body)}${truncated(request)}`);
  if (request.bodyLost) lines.push(`  request body not kept: ${request.bodyLost}`);
  if (response) {
    const body = response.bodyEncoding === 'base64' ? '<binary>' : clip(response.body);
    lines.push(`  response: HTTP ${response.status} ${body}${truncated(response)}`);
    if (response.bodyLost) lines.push(`  response body not kept: ${response.bodyLost}`);
  }
  if (error) lines.push(`  no response: ${error.message}`);
  lines.push(`  curl: ${curlOf(exchange)}`);
  return lines;
}

/** A control exchange a rule sent beside a refused request (reading R51), once the engine marks them. */
export function isPositiveControl(exchange: Exchange): boolean {
  return exchange.role === 'positive-control';
}

function truncated(part: { bodyTruncated?: { bytes: number; sha256: string } }): string {
  const t = part.bodyTruncated;
  return t ? ` … (${t.bytes} bytes in all, sha256 ${t.sha256}; reports keep the start)` : '';
}

function clip(text: string): string {
  return text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}… (${text.length} bytes)` : text;
}
