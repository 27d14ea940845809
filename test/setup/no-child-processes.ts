import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

// The unit tier runs in-process: a unit test file that starts a process (a child under a file-size limit, one whose
// memory is measured) belongs in the cli tier (`*.cli.test.ts`). Refused here, as no-sockets.ts refuses sockets.
const STARTERS = ['spawn', 'spawnSync', 'fork', 'exec', 'execSync', 'execFile', 'execFileSync'] as const;
for (const name of STARTERS) {
  Object.assign(childProcess, {
    [name]: (): never => {
      throw new Error(`a unit test starts a process (${name}); name the file *.cli.test.ts (ARCHITECTURE.md, "Tests")`);
    },
  });
}
// The named exports `import { spawn } from 'node:child_process'` binds follow the module object only once synced.
syncBuiltinESMExports();
