import type { Command } from 'commander';
import { openRun } from '../../harness/engine/open-run.js';
import { listFlag, targetUrlFlag, wholeNumberFlag } from '../flags.js';
import { resolveTarget, type TargetFlags } from '../target.js';

interface DoctorFlags extends TargetFlags {
  timeout: string;
}

/** `graphcheck doctor`: preflight alone, so configuration mistakes surface before any rule runs. */
export function register(program: Command): void {
  program
    .command('doctor')
    .description('check the profile against the target: base URL, tokens, fixtures, capabilities')
    .option('--target <url>', 'base URL of the implementation under test', targetUrlFlag)
    .option('--profile <file>', 'target profile (YAML or JSON)')
    .option('--fault <name...>', 'embedded reference only: turn on fault switches')
    .option('--timeout <ms>', 'per-request timeout in milliseconds', '10000')
    .action(async (flags: DoctorFlags) => {
      const timeoutMs = wholeNumberFlag('--timeout', flags.timeout, 1);
      const target = await resolveTarget({ ...flags, fault: listFlag(flags.fault) }, timeoutMs);
      try {
        const run = await openRun({ profile: target.profile, timeoutMs, seed: 0, runs: 1, versionPrefix: 'latest', targetArgs: '' });
        await run.close();
        const problems = [...run.ctx.setupProblems.values()];
        const capabilities = target.profile.capabilities.join(', ') || 'none';
        process.stdout.write(`target ${target.profile.base_url}; control capabilities: ${capabilities}\n`);
        for (const problem of problems) process.stdout.write(`problem: ${problem}\n`);
        process.stdout.write(problems.length ? `${problems.length} problem(s)\n` : 'profile and target agree\n');
        process.exitCode = problems.length ? 3 : 0;
      } finally {
        await target.close();
      }
    });
}
