import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/** Static imports and re-exports that load code (`import type` and `export type` load nothing). */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s+)?['"]([^'"]+)['"]/gm;

/**
 * What loading `entry` loads before any of its code runs: the project's own modules (repository paths) and the
 * packages (bare names), following static `import`/`export ... from` lines, never `import()`.
 */
export function staticImportClosure(root: string, entry: string): { modules: string[]; packages: string[] } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    const path = relative(root, file);
    if (modules.has(path)) return;
    modules.add(path);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier!.startsWith('.')) visit(resolve(dirname(file), specifier!).replace(/\.js$/, '.ts'));
      else if (!specifier!.startsWith('node:')) packages.add(specifier!.startsWith('@') ? specifier!.split('/').slice(0, 2).join('/') : specifier!.split('/')[0]!);
    }
  };
  visit(resolve(root, entry));
  return { modules: [...modules].sort(), packages: [...packages].sort() };
}
