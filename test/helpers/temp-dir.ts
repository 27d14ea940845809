import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/*
 * The one way a test makes a temporary folder: under the system's temporary folder, named for what it holds, and
 * always removed (unit and integration files share a worker, so a folder left behind outlives its file).
 */

const made = new Set<string>();
process.once('exit', () => made.forEach(remove));

function remove(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  made.delete(dir);
}

/**
 * A fresh temporary folder. Made inside a test (or its beforeEach), it is removed when that test finishes; made in
 * a beforeAll or while collecting, when the worker exits (or earlier, by the caller).
 */
export function tempFolder(prefix = 'graphcheck-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  try {
    onTestFinished(() => remove(dir));
  } catch {
    // Not inside a test: the exit hook above removes it.
  }
  return dir;
}

/** A fresh temporary folder for a whole test file, with paths inside it; `cleanup` removes it (else the exit hook). */
export function tempDir(prefix = 'graphcheck-cassette-', base = tmpdir()): {
  path: (name: string) => string;
  cleanup: () => void;
} {
  const dir = mkdtempSync(join(base, prefix));
  made.add(dir);
  return {
    path: (name) => join(dir, name),
    cleanup: () => remove(dir),
  };
}
