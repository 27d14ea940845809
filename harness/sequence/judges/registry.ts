import type { JudgeExpectation } from '../../suite/sequence-spec.js';
import { acceptedWhen } from './accepted-when.js';
import { itemRead } from './item-read.js';
import { listed } from './listed.js';
import { listedField } from './listed-field.js';
import type { ModelJudge, RegisteredJudge } from './model-judge.js';
import { othersListed } from './others-listed.js';
import { setsListed } from './sets-listed.js';
import { totalCount } from './total-count.js';

/** Every model judge a sequence's operations can name, by name: the only list. */
const ALL: readonly ModelJudge<never>[] = [
  listed as ModelJudge<never>,
  listedField as ModelJudge<never>,
  othersListed as ModelJudge<never>,
  totalCount as ModelJudge<never>,
  acceptedWhen as ModelJudge<never>,
  itemRead as ModelJudge<never>,
  setsListed as ModelJudge<never>,
];

export const JUDGES: ReadonlyMap<string, RegisteredJudge> = new Map(ALL.map((judge) => [judge.name, judge]));

/** The judge an expectation names and its arguments: `listed`, or `{ listed: { in: comments } }`. */
export function resolveJudge(expectation: JudgeExpectation): { judge?: RegisteredJudge; name: string; args: unknown } {
  if (typeof expectation === 'string') return { judge: JUDGES.get(expectation), name: expectation, args: null };
  const [name = '', args = null] = Object.entries(expectation)[0] ?? [];
  return { judge: JUDGES.get(name), name, args };
}

/** The first of these judges that holds a walked list whole (its rule then runs alone over a fixture's list), if any. */
export function walksWhole(expectations: readonly JudgeExpectation[]): string | undefined {
  return expectations.map(resolveJudge).find(({ judge }) => judge?.walksWhole)?.name;
}
