import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh temporary directory per test file; `cleanup` removes it. */
export function tempDir(prefix = 'graphcheck-cassette-', base = tmpdir()): {
  path: (name: string) => string;
  cleanup: () => void;
} {
  const dir = mkdtempSync(join(base, prefix));
  return {
    path: (name) => join(dir, name),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
