import { describeSchemaError, schemaNames, validatorFor } from '../validation/schema-registry.js';
import { lookup } from '../validation/lookup.js';
import { type Check, eachExchange, isRecord, judgedCount } from './check.js';
import { object, STRING } from '../validation/json-schema.js';

export interface SchemaArgs {
  name: string;
  /** Validate each element of the array at this path instead of the whole body (e.g. `data`). */
  each?: string;
}

/** A schema name is one of schemas/ (`feed-page` for schemas/feed-page.schema.json). */
const NAME = { enum: schemaNames() };

function normalise(raw: unknown): SchemaArgs {
  return typeof raw === 'string' ? { name: raw } : (raw as SchemaArgs);
}

/** The JSON body (or each item of an array in it) matches a schema from schemas/. */
export const schema: Check<SchemaArgs | string> = {
  name: 'schema',
  explain: (raw) => {
    const args = normalise(raw);
    return args.each ? `each item of \`${args.each}\` matches schemas/${args.name}` : `the body matches schemas/${args.name}`;
  },
  args: { anyOf: [NAME, object({ name: NAME, each: STRING }, ['name'])] },
  run: (input, raw) => {
    const args = normalise(raw);
    const validate = validatorFor(args.name);
    if (!validate) return { findings: [], judged: 0, nothingJudged: `there is no schemas/${args.name}.schema.json` };
    let judged = 0;
    const findings = eachExchange(input, (_, body) => {
      if (body === undefined) return [{ message: 'the body is not JSON' }];
      const subjects = args.each ? lookup(body, args.each) : [body];
      if (!Array.isArray(subjects)) return [{ message: `\`${args.each}\` is not an array` }];
      judged += subjects.length;
      return subjects.flatMap((subject, i) => {
        if (validate(subject)) return [];
        const where = args.each ? `${args.each}[${i}]` : 'body';
        const id = isRecord(subject) && typeof subject.id === 'string' ? ` (id ${subject.id})` : '';
        return (validate.errors ?? []).slice(0, 3).map((e) => {
          const d = describeSchemaError(e);
          return { message: `${where}${id}${d.path === '/' ? '' : d.path}: ${d.message} (schemas/${args.name})` };
        });
      });
    });
    const why = args.each ? `\`${args.each}\` was empty` : 'the step made no exchange';
    return judgedCount(findings, findings.length > 0 ? Math.max(judged, 1) : judged, why);
  },
};
