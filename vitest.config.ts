import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three tiers, told apart by the file name (ARCHITECTURE.md, "Tests"):
//   unit         *.test.ts              pure and in-process, no sockets, no process: half a minute in all
//   integration  *.integration.test.ts  real sockets on loopback, servers started in-process; or seconds of work in-process
//   cli          *.cli.test.ts          a spawned process, where the process itself is what is tested
// `npm test` runs all three; `npm run test:unit` (or `npx vitest --project unit --changed`) the fast ones.
const INTEGRATION = 'test/**/*.integration.test.ts';
const CLI = ['test/**/*.cli.test.ts', 'test/package/**/*.test.ts'];

// Vitest's default leaves one core idle (cores - 1: one worker on a 2-core machine). Every test binds port 0,
// writes under its own temporary folder and changes no process-wide state, so files run side by side on every
// core; GRAPHCHECK_TEST_WORKERS overrides the count.
const workers = Number(process.env.GRAPHCHECK_TEST_WORKERS) || availableParallelism();

export default defineConfig({
  test: {
    setupFiles: ['test/setup/fast-check-seed.ts'],
    // Bounds on a hang, never a measure of speed: a loaded CI machine is several times slower than a quiet one.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: workers,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [INTEGRATION, ...CLI],
          setupFiles: ['test/setup/no-sockets.ts', 'test/setup/no-child-processes.ts'],
          // Unit files share a worker and its loaded modules (no new process per file): 75 s -> 27 s for the tier on
          // a loaded 2-core machine. Safe because they start no server and restore what they fake (timers); checked
          // with the files in shuffled orders.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [INTEGRATION],
          // These files too share a worker and its loaded modules (harness, reference, mockttp): the tier took
          // 242 s wall and 262 s CPU isolated, 60 s and 105 s not, on the same loaded machine. Each file closes
          // the servers it starts and restores what it fakes; what it registers (a step kind) only adds a name.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'cli', include: CLI } },
    ],
  },
});
