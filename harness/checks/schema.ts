import { describeSchemaError, validatorFor } from '../validation/schema-registry.js';
import { lookup } from '../suite/template.js';
import { type Check, eachExchange, isRecord } from './check.js';

interface SchemaArgs {
  name: string;
  /** Validate each element of the array at this path instead of the whole body (e.g. `data`). */
  each?: string;
}

function normalise(raw: unknown): SchemaArgs {
  return typeof raw === 'string' ? { name: raw } : (raw as SchemaArgs);
}

/** The JSON body (or each item of an array in it) matches a schema from schemas/. */
export const schema: Check = {
  name: 'schema',
  explain: (raw) => {
    const args = normalise(raw);
    return args.each ? `each item of \`${args.each}\` matches schemas/${args.name}` : `the body matches schemas/${args.name}`;
  },
  argsProblem: (raw) => {
    const args = normalise(raw);
    if (!args || typeof args.name !== 'string') return 'schema takes a schema name or { name, each }';
    return validatorFor(args.name) ? undefined : `no schema schemas/${args.name}.schema.json`;
  },
  run: (input, raw) => {
    const args = normalise(raw);
    const validate = validatorFor(args.name)!;
    return eachExchange(input, (_, body) => {
      if (body === undefined) return [{ message: 'the body is not JSON' }];
      const subjects = args.each ? lookup(body, args.each) : [body];
      if (!Array.isArray(subjects)) return [{ message: `\`${args.each}\` is not an array` }];
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
  },
};
