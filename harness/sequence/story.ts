import type { Exchange, SequenceStep, SequenceStory } from '../model/index.js';

/** An operation as its story line shows it: the request line of each exchange and the answer's status and start. */
export function storyStep(number: number, operation: string, args: string, exchanges: Exchange[], evidence: Exchange[]): SequenceStep {
  const sent = exchanges.map((exchange) => `${exchange.request.method} ${pathOf(exchange.request.url)}`);
  const answers = exchanges.map(answerOf);
  return {
    number,
    operation,
    ...(args ? { args } : {}),
    requests: sent,
    outcome: summarize(answers),
    exchanges: exchanges.map((exchange) => evidence.indexOf(exchange)).filter((i) => i >= 0),
  };
}

/** The story of a failing sequence: its numbered operations, and at the last one what the model expected and got. */
export function storyOf(steps: SequenceStep[], failure: { finding: string; expected?: string; actual?: string; model: string[] }): SequenceStory {
  return { operations: steps, failedAt: steps.at(-1)?.number ?? 0, finding: failure.finding, model: failure.model, ...(failure.expected ? { expected: failure.expected } : {}), ...(failure.actual ? { actual: failure.actual } : {}) };
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    // The token says nothing of the operation (and is redacted anyway): the story shows what the request asked.
    parsed.searchParams.delete('access_token');
    const search = parsed.search;
    return `${parsed.pathname}${search.length > 120 ? `${search.slice(0, 120)}…` : search}`;
  } catch {
    return url;
  }
}

function answerOf(exchange: Exchange): string {
  if (!exchange.response) return `no answer (${exchange.error?.message ?? 'unknown'})`;
  const body = exchange.response.body ?? '';
  return `HTTP ${exchange.response.status}${body ? ` ${body.length > 80 ? `${body.slice(0, 80)}…` : body}` : ''}`;
}

/** One answer as is; several as the first and a count ("3 pages"), which is what a walk's story needs. */
function summarize(answers: string[]): string {
  if (answers.length === 0) return 'nothing sent';
  if (answers.length === 1) return answers[0]!;
  const statuses = [...new Set(answers.map((a) => a.split(' ').slice(0, 2).join(' ')))];
  return `${answers.length} answers (${statuses.join(', ')})`;
}
