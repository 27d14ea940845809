import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPEC_DIR } from '../../helpers/paths.js';
import { everyShippedSuite } from '../../helpers/shipped-suites.js';

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const spec = squash(readFileSync(join(SPEC_DIR, 'social-graph-interface.md'), 'utf8'));
const readings = readFileSync(join(SPEC_DIR, 'readings.md'), 'utf8');

describe('the subscriptions and webhooks suites cite the spec', async () => {
  const suites = (await everyShippedSuite()).filter((s) => ['subscriptions', 'webhooks'].includes(s.suite));
  const rules = suites.flatMap((s) => s.rules);

  it('quote every cited sentence exactly', () => {
    const misquoted = rules.flatMap((r) => r.cites.filter((c) => !spec.includes(squash(c.text))).map((c) => `${r.id}: ${c.text}`));
    expect(misquoted).toEqual([]);
  });

  it('name only readings that exist', () => {
    const unknown = rules.flatMap((r) => (r.readings ?? []).filter((id) => !readings.includes(`| ${id} |`)));
    expect(unknown).toEqual([]);
  });
});
