import { lookup } from '../validation/lookup.js';
import { type Check, judgedCount } from './check.js';
import { describeMatcher, type Matcher, mismatches, withMatcher } from './matchers.js';
import { STRING } from '../validation/json-schema.js';

type Args = Matcher & { path: string };

/**
 * A value of the body matches where the answer shows it; an answer without it judged nothing, so the rule is
 * `error`, never `failed`. For a read whose default fields are open (reading R24: `GET /{template_id}` takes no
 * parameters), where the value written is compared only when the read shows it.
 */
export const fieldIfPresent: Check<Args> = {
  name: 'field-if-present',
  explain: (args) => `\`${args.path}\`, where the answer shows it, ${describeMatcher(args)}`,
  args: withMatcher({ path: STRING }, ['path']),
  run: (input, args) => {
    let present = 0;
    const findings = input.bodies.flatMap((body, i) => {
      const value = lookup(body, args.path);
      if (value === undefined) return [];
      present += 1;
      return mismatches(value, args).map((problem) => ({ message: `\`${args.path}\` ${problem}`, exchange: i }));
    });
    return judgedCount(findings, present, `the answer does not show \`${args.path}\``);
  },
};
