import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUITES_DIR } from '../../bin/commands/run.js';
import { loadSuites } from '../../harness/engine/load-suite.js';

const SHARED = new URL('../../../shared/spec/', import.meta.url);
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const spec = squash(readFileSync(new URL('social-graph-interface.md', SHARED), 'utf8'));
const readings = readFileSync(new URL('readings.md', SHARED), 'utf8');

describe('the subscriptions and webhooks suites cite the spec', async () => {
  const suites = (await loadSuites(SUITES_DIR)).filter((s) => ['subscriptions', 'webhooks'].includes(s.suite));
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
