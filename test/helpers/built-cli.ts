import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoPath } from './paths.js';

/** What dist/ is compiled from (scripts/build.js). */
const SOURCES = ['bin', 'harness', 'reference', 'suites', 'schemas', 'scripts/build.js', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];

/** The file the build writes last: its time is the build's. */
const BUILT_LAST = repoPath('dist', 'harness', 'suite-loading', 'suite-index.json');

/** When dist/ was built, or undefined when it was not (or not to its end). */
function builtAt(): number | undefined {
  try {
    return statSync(BUILT_LAST).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Whether dist/ was built after every change to its sources (an edit, an added or a deleted file): a missing or older dist/ is not. */
export function distIsCurrent(): boolean {
  const built = builtAt();
  if (built === undefined) return false;
  for (const source of SOURCES) {
    const path = repoPath(source);
    // Folders too (the top one included): a deleted file changes only its folder's time.
    const files = statSync(path).isDirectory() ? [path, ...readdirSync(path, { recursive: true, encoding: 'utf8' }).map((f) => join(path, f))] : [path];
    for (const file of files) if (statSync(file).mtimeMs > built) return false;
  }
  return true;
}
