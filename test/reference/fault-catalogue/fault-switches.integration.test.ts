import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTS, startReference } from '../../../reference/index.js';
import { WEBHOOK_FAULTS } from '../../../reference/webhooks/index.js';
import { AUTH_PROBES } from '../../helpers/reference/probes/auth-probes.js';
import { COMMENTS_PROBES } from '../../helpers/reference/probes/comments-probes.js';
import { FEED_PROBES } from '../../helpers/reference/probes/feed-probes.js';
import { PAGING_PROBES } from '../../helpers/reference/probes/paging-probes.js';
import { PARTIAL_PROBES } from '../../helpers/reference/probes/partial-probes.js';
import { PHOTOS_PROBES } from '../../helpers/reference/probes/photos-probes.js';
import type { Probe } from '../../helpers/reference/probes/probe-kit.js';
import { PRODUCT_FEED_PROBES } from '../../helpers/reference/probes/product-feed-probes.js';
import { TEMPLATES_PROBES } from '../../helpers/reference/probes/templates-probes.js';
import { THREAD_PROBES } from '../../helpers/reference/probes/thread-probes.js';
import { TYPE_WORD_PROBES } from '../../helpers/reference/probes/type-word-probes.js';
import { ACCESS_PROBES, VERSIONING_PROBES } from '../../helpers/reference/probes/versioning-access-probes.js';
import { VIDEOS_PROBES } from '../../helpers/reference/probes/videos-probes.js';
import { control, type Ref, start, startContentHost } from '../../helpers/reference/reference-client.js';
import { repoPath } from '../../helpers/paths.js';

const PROBES: Record<string, Probe> = {
  ...FEED_PROBES,
  ...AUTH_PROBES,
  ...VERSIONING_PROBES,
  ...ACCESS_PROBES,
  ...PHOTOS_PROBES,
  ...COMMENTS_PROBES,
  ...THREAD_PROBES,
  ...TEMPLATES_PROBES,
  ...PRODUCT_FEED_PROBES,
  ...VIDEOS_PROBES,
  ...PAGING_PROBES,
  ...PARTIAL_PROBES,
  ...TYPE_WORD_PROBES,
};
const CORE_FAULTS = Object.keys(FAULTS).filter((name) => !(name in WEBHOOK_FAULTS));

let correct: Ref;
let host: { url: string; close(): Promise<void> };
beforeAll(async () => {
  [correct, host] = await Promise.all([start(), startContentHost()]);
});
afterAll(() => Promise.all([correct.close(), host.close()]));

describe('fault catalogue', () => {
  it('rejects unknown fault names, listing the valid ones', async () => {
    await expect(startReference({ faults: ['feed-nope'] })).rejects.toThrow(
      /feed-nope.*valid names:.*feed-limit-ignored/,
    );
  });

  it('describes every fault with an area and a sentence, and merges the webhook faults', () => {
    for (const [name, fault] of Object.entries(FAULTS)) {
      expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
      expect(fault.area.length).toBeGreaterThan(0);
      expect(fault.description.length).toBeGreaterThan(10);
    }
    for (const name of Object.keys(WEBHOOK_FAULTS)) expect(FAULTS).toHaveProperty([name]);
  });

  it('names in code only faults that exist, and uses every core fault somewhere', () => {
    const root = repoPath('reference');
    const used = new Set<string>();
    for (const file of sources(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/faults\.has\('([^']+)'\)/g))
        used.add(match[1] ?? '');
    }
    expect([...used].filter((name) => !(name in FAULTS))).toEqual([]);
    expect(CORE_FAULTS.filter((name) => !used.has(name))).toEqual([]);
  });

  it('lists every core fault with its description in reference/README.md', () => {
    const readme = readFileSync(repoPath('reference', 'README.md'), 'utf8');
    const missing = CORE_FAULTS.filter(
      (name) => !readme.includes(`| \`${name}\` | ${FAULTS[name]?.area} | ${FAULTS[name]?.description} |`),
    );
    expect(missing).toEqual([]);
  });

  it('has a behaviour probe for every core fault', () => {
    expect(CORE_FAULTS.filter((name) => !(name in PROBES))).toEqual([]);
  });
});

describe('each core fault switch changes observable behaviour', () => {
  for (const name of CORE_FAULTS) {
    it(name, async () => {
      const probe = PROBES[name];
      if (!probe) throw new Error(`no probe for ${name}`);
      await control(correct, 'POST', '/reset');
      const expected = await probe({ ref: correct, host: host.url });
      const faulty = await start([name]);
      try {
        expect(await probe({ ref: faulty, host: host.url })).not.toEqual(expected);
      } finally {
        await faulty.close();
      }
    });
  }
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'webhooks' ? [] : sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}
