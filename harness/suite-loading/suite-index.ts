import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rule, Suite } from '../suite/suite.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { parseLocated } from '../validation/yaml-locate.js';
import type { RuleNeeds } from '../preflight/rule-needs.js';

/**
 * The suites as the build loaded them. `npm run build` loads and validates the shipped suites once, with the
 * compiled loader, and writes them with each rule's needs beside the compiled module (dist/harness/suite-loading/): a
 * command reading them then skips the YAML parse, the schema validation and the step-kind registry, most of what
 * `graphcheck list` spent its time on. The index keeps a SHA-256 of the suite files and the schemas it was made
 * from; when they differ now, or when running from the sources (no index beside them), suites are loaded and
 * validated as ever (from the sources, once per set of files and code: `loadThroughCache`).
 */
export const SUITE_INDEX_FILE = fileURLToPath(new URL('./suite-index.json', import.meta.url));

export interface SuiteIndex {
  /** SHA-256 of the suite files and the schemas (names and contents). */
  key: string;
  /** Each suite as loaded, its `file` the file's name in the folder and without `lineOf`. */
  suites: (Omit<Suite, 'lineOf'>)[];
  needs: Record<string, RuleNeeds>;
}

/** Suites and their rules' needs, from the index when it holds `dir` as it is now. */
export interface IndexedSuites {
  suites: Suite[];
  needsOf(rule: Rule): RuleNeeds;
}

/** The key of the suite files in `dir` and of the package's schemas (suites name them) as they are now. */
export async function suitesKey(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const add = async (folder: string, pattern: RegExp) => {
    for (const file of (await readdir(folder)).filter((f) => pattern.test(f)).sort()) {
      hash.update(`${file}\0`).update(await readFile(join(folder, file))).update('\0');
    }
  };
  await add(dir, /\.ya?ml$/);
  await add(join(PACKAGE_ROOT, 'schemas'), /\.schema\.json$/);
  return hash.digest('hex');
}

/** The suites of `dir` from the index, or undefined when there is none or it was made from other files. */
export async function readSuiteIndex(dir: string, indexFile = SUITE_INDEX_FILE): Promise<IndexedSuites | undefined> {
  const text = await readFile(indexFile, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const index = JSON.parse(text) as SuiteIndex;
  // A folder that cannot be read is the full loader's to report, in its words.
  if (index.key !== (await suitesKey(dir).catch(() => undefined))) return undefined;
  return {
    suites: suitesIn(index.suites, dir),
    needsOf: (rule) => index.needs[rule.id]!,
  };
}

/** Suites as an index stores them: each naming its file within the folder, without the lines (looked up when asked). */
export function storedSuites(suites: readonly Suite[]): SuiteIndex['suites'] {
  return suites.map(({ lineOf: _lineOf, ...suite }) => ({ ...suite, file: basename(suite.file) }));
}

/** Stored suites as the suites of `dir`. */
function suitesIn(stored: SuiteIndex['suites'], dir: string): Suite[] {
  return stored.map((suite) => located({ ...suite, file: join(dir, suite.file) }));
}

/** Lines are looked up in the file itself, parsed when a message first needs one (rarely: an error to point at). */
function located(suite: Omit<Suite, 'lineOf'>): Suite {
  let document: ReturnType<typeof parseLocated> | undefined;
  return {
    ...suite,
    lineOf(pointer) {
      document ??= parseLocated(readFileSync(suite.file, 'utf8'));
      return 'error' in document ? undefined : document.lineOf(pointer);
    },
  };
}

/**
 * Suites loaded and validated in this process (no index for them), by folder, with the key of the files they were
 * loaded from: a process that runs many times (the library API, a test worker) loads each folder once while its files
 * stay as they are, which took about a second each time. Frozen, since every run shares them.
 */
const loadedHere = new Map<string, { key: string; suites: Promise<readonly Suite[]> }>();

/** The suites of `dir`: from the index when it holds them as they are now, else loaded and validated. */
export async function loadSuitesIndexed(dir: string): Promise<Suite[]> {
  const indexed = await readSuiteIndex(dir);
  if (indexed) return indexed.suites;
  // A folder that cannot be read is the full loader's to report, in its words, each time.
  const key = await (FROM_SOURCES ? sourcesKey(dir) : suitesKey(dir)).catch(() => undefined);
  const load = async () => (await import('./load-suite.js')).loadSuites(dir);
  if (key === undefined) return load();
  const known = loadedHere.get(dir);
  if (known?.key !== key) {
    const suites = (FROM_SOURCES ? loadThroughCache(dir, key, load) : load()).then((loaded) => deepFreeze(loaded));
    loadedHere.set(dir, { key, suites });
    // A folder whose suites are refused is loaded again next time, so its error is reported again.
    suites.catch(() => loadedHere.get(dir)?.suites === suites && loadedHere.delete(dir));
    return [...(await suites)];
  }
  return [...(await known.suites)];
}

/**
 * From the sources (a clone before `npm run build`, and every CLI the tests spawn) there is no build index: suites
 * loaded by one process are kept for the next in the temporary folder, keyed by the suite files, the schemas and
 * every source file of the harness (the loader and the step kinds that validate the suites), so a change to any of
 * them loads afresh. Loading took 2-3 s of each start of the CLI from the sources.
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

async function sourcesKey(dir: string): Promise<string> {
  return createHash('sha256').update(await suitesKey(dir)).update(await (harnessKey ??= harnessSourcesKey())).digest('hex');
}

/** Read once per process: the code a process runs is the code it loaded at its start. */
let harnessKey: Promise<string> | undefined;

async function harnessSourcesKey(): Promise<string> {
  const hash = createHash('sha256');
  const harness = join(PACKAGE_ROOT, 'harness');
  for (const file of (await readdir(harness, { recursive: true })).filter((f) => f.endsWith('.ts')).sort()) {
    hash.update(`${file}\0`).update(await readFile(join(harness, file))).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Where the suites kept between processes go: a folder of this user's own in the temporary folder, holding the
 * suites folders used last. Suites drive what a run sends and judges, so a folder another user made or may write
 * to is not used: the suites are loaded afresh and nothing is kept.
 */
export const SUITE_CACHE_DIR = join(tmpdir(), `graphcheck-suite-cache-${process.getuid?.() ?? 'user'}`);
const CACHE_KEPT = 32;

/** The file that keeps the suites of `dir` (by its resolved path) in the cache folder. */
export function suiteCacheFile(dir: string): string {
  return join(SUITE_CACHE_DIR, `${createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16)}.json`);
}

/** The cache folder made if absent; whether it is this user's alone (a folder, not a link, owned, writable by no other). */
async function cacheFolderIsOurs(): Promise<boolean> {
  await mkdir(SUITE_CACHE_DIR, { recursive: true, mode: 0o700 });
  const folder = await lstat(SUITE_CACHE_DIR);
  if (!folder.isDirectory()) return false;
  return process.getuid === undefined || (folder.uid === process.getuid() && (folder.mode & 0o022) === 0);
}

async function loadThroughCache(dir: string, key: string, load: () => Promise<Suite[]>): Promise<Suite[]> {
  if (!(await cacheFolderIsOurs().catch(() => false))) return load();
  const file = suiteCacheFile(dir);
  const cached = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as Pick<SuiteIndex, 'key' | 'suites'>)
    .catch(() => undefined);
  if (cached?.key === key) {
    // Dated as used, so the folder read at every start (the package's own suites) is the last to go.
    void utimes(file, new Date(), new Date()).catch(() => {});
    return suitesIn(cached.suites, dir);
  }
  const suites = await load();
  const written = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const index = { key, suites: storedSuites(suites) };
  // Written whole, then renamed over the last one: processes loading at once never read half a file. A cache that
  // cannot be written is only slower.
  await writeFile(written, JSON.stringify(index))
    .then(() => rename(written, file))
    .then(pruneCache)
    .catch(() => rm(written, { force: true }));
  return suites;
}

/** Only the folders used last are kept: tests load suites from many temporary folders. */
async function pruneCache(): Promise<void> {
  const files = (await readdir(SUITE_CACHE_DIR)).filter((f) => f.endsWith('.json'));
  if (files.length <= CACHE_KEPT) return;
  const dated = await Promise.all(files.map(async (f) => ({ f, at: (await stat(join(SUITE_CACHE_DIR, f)).catch(() => undefined))?.mtimeMs ?? 0 })));
  dated.sort((a, b) => b.at - a.at);
  await Promise.all(dated.slice(CACHE_KEPT).map(({ f }) => rm(join(SUITE_CACHE_DIR, f), { force: true })));
}

function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return value;
  seen.add(value);
  for (const key of Reflect.ownKeys(value as object)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
  return Object.freeze(value);
}
