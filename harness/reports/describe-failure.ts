import type { Exchange, RuleResult } from '../model/index.js';
import { curlOf } from './curl.js';

const BODY_LIMIT = 2000;

/** The plain-text account of a failed or errored rule, shared by the console, JUnit and Markdown. */
export function describeFailure(r: RuleResult): string {
  const lines: string[] = [];
  for (const cite of r.cites) lines.push(`spec (${cite.section}): "${cite.text}"`);
  if (r.readings.length) lines.push(`readings: ${r.readings.join(', ')}`);
  if (r.seed !== undefined) lines.push(`rule seed: ${r.seed} (${r.runs ?? 0} property run(s))`);
  if (r.counterexample !== undefined) lines.push(`counterexample (shrunk): ${JSON.stringify(r.counterexample)}`);
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
  const lines = [`exchange #${index + 1}${where}: ${request.method} ${request.url}`];
  if (request.body !== undefined && request.bodyEncoding !== 'base64') lines.push(`  request body: ${clip(request.body)}`);
  if (response) lines.push(`  response: HTTP ${response.status} ${clip(response.bodyEncoding === 'base64' ? '<binary>' : response.body)}`);
  if (error) lines.push(`  no response: ${error.message}`);
  lines.push(`  curl: ${curlOf(exchange)}`);
  return lines;
}

function clip(text: string): string {
  return text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}… (${text.length} bytes)` : text;
}
