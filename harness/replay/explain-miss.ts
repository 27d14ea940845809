import { placeholderIdOf } from '../redaction/placeholder.js';
import { SECRET_PARAMS } from '../redaction/secret-params.js';
import type { MatchGroup, MatchIndex } from './match-index.js';
import type { NormalizedRequest } from './normalize-request.js';

export interface NearMiss {
  /** Cassette position of the first recorded exchange with that request. */
  index: number;
  request: string;
  differences: string[];
}

export interface MissExplanation {
  request: string;
  reason: string;
  nearest: NearMiss[];
}

function shown(name: string, value: string): string {
  if (SECRET_PARAMS[name] !== undefined && placeholderIdOf(value) === undefined)
    return '<a secret not in this cassette>';
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}

/** `GET /v25.0/1/feed limit=10&fields=id`, secrets shown as placeholders only. */
export function describeRequest(request: NormalizedRequest): string {
  const params = request.params.map(([n, v]) => `${n}=${shown(n, v).replace(/^"|"$/g, '')}`).join('&');
  return params ? `${request.method} ${request.path} ${params}` : `${request.method} ${request.path}`;
}

function valuesByName(request: NormalizedRequest): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [n, v] of request.params) out.set(n, [...(out.get(n) ?? []), v]);
  return out;
}

/** How `live` differs from `recorded`, one phrase per difference. */
export function differences(live: NormalizedRequest, recorded: NormalizedRequest): string[] {
  const out: string[] = [];
  if (live.method !== recorded.method) out.push(`method ${live.method} here, ${recorded.method} recorded`);
  if (live.path !== recorded.path) out.push(`path ${live.path} here, ${recorded.path} recorded`);
  const a = valuesByName(live);
  const b = valuesByName(recorded);
  for (const name of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const here = a.get(name);
    const there = b.get(name);
    if (!there) out.push(`${name} sent here, not recorded`);
    else if (!here)
      out.push(`${name} recorded (${there.map((v) => shown(name, v)).join(', ')}), not sent here`);
    else if (here.join('\u0000') !== there.join('\u0000')) {
      out.push(
        `${name}: ${here.map((v) => shown(name, v)).join(', ')} here, ${there.map((v) => shown(name, v)).join(', ')} recorded`,
      );
    }
  }
  return out;
}

function distance(live: NormalizedRequest, recorded: NormalizedRequest, diffs: string[]): number {
  const segmentsA = live.path.split('/');
  const segmentsB = recorded.path.split('/');
  let path = Math.abs(segmentsA.length - segmentsB.length) * 2;
  for (let i = 0; i < Math.min(segmentsA.length, segmentsB.length); i++)
    if (segmentsA[i] !== segmentsB[i]) path += 2;
  return (live.method === recorded.method ? 0 : 3) + path + diffs.length;
}

/** Why `live` got no answer, naming the nearest recorded requests (a full scan: misses are rare). */
export function explainMiss(
  live: NormalizedRequest,
  index: MatchIndex,
  exhausted?: MatchGroup,
): MissExplanation {
  const request = describeRequest(live);
  if (exhausted) {
    const n = exhausted.entries.length;
    return {
      request,
      reason:
        `${n === 1 ? 'the one recorded answer' : `all ${n} recorded answers`} to this request ${n === 1 ? 'was' : 'were'} already replayed (strict order): ` +
        'the client sent it more often than when recording; use --match last to repeat the last answer',
      nearest: [{ index: exhausted.entries[0]?.index ?? 0, request, differences: [] }],
    };
  }
  const scored: Array<NearMiss & { score: number }> = [];
  for (const group of index.groups()) {
    const diffs = differences(live, group.request);
    const score = distance(live, group.request, diffs);
    scored.push({
      index: group.entries[0]?.index ?? 0,
      request: describeRequest(group.request),
      differences: diffs,
      score,
    });
  }
  scored.sort((x, y) => x.score - y.score || x.index - y.index);
  const nearest = scored.slice(0, 3).map(({ score: _, ...near }) => ({
    ...near,
    differences: near.differences.slice(0, 6),
  }));
  const reason =
    index.size === 0
      ? 'the cassette has no exchanges to replay'
      : 'no recorded exchange matches this request';
  return { request, reason, nearest };
}

/** The explanation as log lines: one for the request, one per near miss. */
export function formatMiss(explanation: MissExplanation): string {
  const lines = [`replay miss: ${explanation.request}: ${explanation.reason}`];
  for (const near of explanation.nearest) {
    const how = near.differences.length > 0 ? `: ${near.differences.join('; ')}` : '';
    lines.push(`  nearest #${near.index} ${near.request}${how}`);
  }
  return lines.join('\n');
}
