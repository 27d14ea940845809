/**
 * Every seed green, by hand (issue 24, reading R52): the whole run seed after seed against the reference with its
 * full fixtures and with them emptied; prints each run's verdicts, then every failed or error result with its seed.
 * Exit 1 when there is one, 2 on a bad flag.
 *
 * Run: node bin/run-ts.js scripts/every-seed.ts [--seeds N] [--first S] [--fixtures full|empty|both] [--rule ID...]
 * (default: 20 seeds from 1, both fixture sets, every rule). Twenty seeds by two sets take a quarter to half an hour
 * on 2 cores, which is why CI runs only a slice (test/scripts/every-seed.integration.test.ts).
 */
import { parseArgs } from 'node:util';
import { runEverySeed, type SeedRunOptions } from './every-seed-runs.js';

function seedsFrom(argv: string[]): SeedRunOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      seeds: { type: 'string', default: '20' },
      first: { type: 'string', default: '1' },
      fixtures: { type: 'string', default: 'both' },
      rule: { type: 'string', multiple: true },
    },
  });
  const count = Number(values.seeds);
  const first = Number(values.first);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(first)) throw new Error('--seeds must be a positive whole number and --first a whole number');
  const sets = values.fixtures === 'both' ? ['full', 'empty'] : [values.fixtures];
  const isFixtureSet = (set: string | undefined): set is 'full' | 'empty' => set === 'full' || set === 'empty';
  if (!sets.every(isFixtureSet)) throw new Error('--fixtures must be full, empty or both');
  return {
    seeds: Array.from({ length: count }, (_, i) => first + i),
    fixtureSets: sets,
    ...(values.rule ? { rules: values.rule } : {}),
  };
}

{
  try {
    const tally = await runEverySeed(seedsFrom(process.argv.slice(2)), (line) => process.stdout.write(`${line}\n`));
    const verdicts = Object.entries(tally.verdicts).map(([v, n]) => `${n} ${v}`).join(', ');
    process.stdout.write(`${tally.runs} runs, ${tally.judged} rule results (${verdicts}); ${tally.findings.length} failed or error\n`);
    process.exitCode = tally.findings.length === 0 ? 0 : 1;
  } catch (error) {
    process.stderr.write(`every-seed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  }
}
