import { chmod, cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSuites } from '../../harness/suite-loading/load-suite.js';
import { needsOf } from '../../harness/engine/needs.js';
import { loadSuitesIndexed, readSuiteIndex, SUITE_CACHE_DIR, SUITE_INDEX_FILE, suiteCacheFile } from '../../harness/suite-loading/suite-index.js';
import { writeSuiteIndex } from '../../harness/suite-loading/write-suite-index.js';
import type { Suite } from '../../harness/suite/suite.js';
import { SUITES_DIR } from '../../harness/suite/suites-dir.js';
import { DEMO_SUITE } from '../helpers/demo-suite.js';
import { tempFolder } from '../helpers/temp-dir.js';

/** A suite as data: what the index must give back exactly. */
const data = (suites: Suite[]) => suites.map(({ lineOf: _lineOf, ...suite }) => suite);

describe('the index of the shipped suites the build writes', () => {
  let dir: string;
  let indexFile: string;
  let loaded: Suite[];
  beforeAll(async () => {
    dir = tempFolder('graphcheck-suite-index-');
    indexFile = join(dir, 'suite-index.json');
    [loaded] = await Promise.all([loadSuites(SUITES_DIR), writeSuiteIndex(SUITES_DIR, indexFile)]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('gives back the suites the loader gives, with the needs of every rule and the lines of the files', async () => {
    const indexed = (await readSuiteIndex(SUITES_DIR, indexFile))!;
    expect(data(indexed.suites)).toEqual(data(loaded));
    for (const suite of loaded) for (const rule of suite.rules) expect(indexed.needsOf(rule)).toEqual(needsOf(rule));
    const feed = loaded.findIndex((s) => s.suite === 'feed');
    for (const pointer of ['/rules/3/id', '/rules/7/steps/0', '/not_checkable/0/cites/0/text', '/title']) {
      expect(indexed.suites[feed]!.lineOf(pointer)).toBe(loaded[feed]!.lineOf(pointer));
    }
    expect(indexed.suites[feed]!.lineOf('/rules/3/id')).toBeGreaterThan(1);
  });

  it('holds only for the files it was made from: a changed, added or removed suite file loads them afresh', async () => {
    const copy = join(dir, 'suites');
    await cp(SUITES_DIR, copy, { recursive: true });
    // Same contents elsewhere: the index holds, each suite naming its file in the folder it was read from.
    const same = (await readSuiteIndex(copy, indexFile))!;
    expect(same.suites.map((s) => s.file)).toEqual(loaded.map((s) => join(copy, s.file.slice(SUITES_DIR.length + 1))));
    const feed = join(copy, 'feed.yaml');
    const text = await readFile(feed, 'utf8');
    await writeFile(feed, text.replace(/^title: .*$/m, 'title: Feed, edited'));
    expect(await readSuiteIndex(copy, indexFile)).toBeUndefined();
    await writeFile(feed, text);
    await writeFile(join(copy, 'extra.yaml'), 'suite: extra\n');
    expect(await readSuiteIndex(copy, indexFile)).toBeUndefined();
    await rm(join(copy, 'extra.yaml'));
    await rm(join(copy, 'videos.yaml'));
    expect(await readSuiteIndex(copy, indexFile)).toBeUndefined();
  });

  it('is absent beside the sources: running them never skips the loader', async () => {
    expect(SUITE_INDEX_FILE).toMatch(/harness[/\\]suite-loading[/\\]suite-index\.json$/);
    expect(await readSuiteIndex(SUITES_DIR)).toBeUndefined();
    expect(await readSuiteIndex(SUITES_DIR, join(dir, 'missing.json'))).toBeUndefined();
  });
});

describe('suites loaded from the sources in one process', () => {
  it('are loaded once while their files stay as they are, frozen; a changed file loads them afresh; a refused folder is refused each time', async () => {
    const dir = tempFolder('graphcheck-suites-here-');
    try {
      await writeFile(join(dir, 'demo.yaml'), DEMO_SUITE);
      const first = await loadSuitesIndexed(dir);
      const again = await loadSuitesIndexed(dir);
      expect(again[0]).toBe(first[0]);
      expect(Object.isFrozen(first[0]!.rules[0]!.steps)).toBe(true);
      expect(() => (first[0]!.rules as unknown[]).push({})).toThrow(TypeError);

      await writeFile(join(dir, 'demo.yaml'), DEMO_SUITE.replace('title: One', 'title: One, edited'));
      const edited = await loadSuitesIndexed(dir);
      expect(edited[0]).not.toBe(first[0]);
      expect(edited[0]!.rules[0]!.title).toBe('One, edited');

      await writeFile(join(dir, 'demo.yaml'), 'suite: demo\n');
      await expect(loadSuitesIndexed(dir)).rejects.toThrow(/demo\.yaml/);
      await expect(loadSuitesIndexed(dir)).rejects.toThrow(/demo\.yaml/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('suites loaded from the sources by one process', () => {
  it("are the next process's while the suite files stay as they are (kept in the temporary folder); a changed file loads them afresh", async () => {
    const dir = tempFolder('graphcheck-suites-next-');
    const cache = suiteCacheFile(dir);
    // The folder named anew each time (`dir/`, `dir//`): this process's memo, by name, misses as a new process's
    // would, while the cache, by resolved path, is the same.
    let named = dir;
    const asNewProcess = () => (named += '/');
    try {
      await writeFile(join(dir, 'demo.yaml'), DEMO_SUITE);
      expect((await loadSuitesIndexed(asNewProcess()))[0]!.rules[0]!.title).toBe('One');
      // What the next process reads is the cache, not the file: a title planted in it shows.
      const kept = JSON.parse(await readFile(cache, 'utf8')) as { key: string; suites: Suite[] };
      kept.suites[0]!.rules[0]!.title = 'One, as kept';
      await writeFile(cache, JSON.stringify(kept));
      expect((await loadSuitesIndexed(asNewProcess()))[0]!.rules[0]!.title).toBe('One, as kept');

      await writeFile(join(dir, 'demo.yaml'), DEMO_SUITE.replace('title: One', 'title: One, edited'));
      expect((await loadSuitesIndexed(asNewProcess()))[0]!.rules[0]!.title).toBe('One, edited');

      // Only the folders used last are kept (32): thirty-three loaded since leave this one's out.
      const others = Array.from({ length: 33 }, () => tempFolder('graphcheck-suites-other-'));
      try {
        for (const other of others) {
          await writeFile(join(other, 'demo.yaml'), DEMO_SUITE);
          await loadSuitesIndexed(other);
        }
        await expect(readFile(cache, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
      } finally {
        await Promise.all(others.map((other) => rm(other, { recursive: true, force: true })));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(cache, { force: true });
    }
  });
});

describe('the folder the suites are kept in between processes', () => {
  it("is not used when others may write to it: suites planted there are not read, and nothing is kept", async () => {
    const dir = tempFolder('graphcheck-suites-shared-');
    const cache = suiteCacheFile(dir);
    try {
      await writeFile(join(dir, 'demo.yaml'), DEMO_SUITE);
      await loadSuitesIndexed(dir);
      const kept = JSON.parse(await readFile(cache, 'utf8')) as { key: string; suites: Suite[] };
      kept.suites[0]!.rules[0]!.title = 'planted';
      await writeFile(cache, JSON.stringify(kept));
      await chmod(SUITE_CACHE_DIR, 0o777);
      try {
        expect((await loadSuitesIndexed(`${dir}/`))[0]!.rules[0]!.title).toBe('One');
      } finally {
        await chmod(SUITE_CACHE_DIR, 0o700);
      }
      // The same folder of this user's alone again: what it holds is read.
      expect((await loadSuitesIndexed(`${dir}//`))[0]!.rules[0]!.title).toBe('planted');
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(cache, { force: true });
    }
  });
});
