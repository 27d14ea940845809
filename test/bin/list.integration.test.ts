import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

// In the integration tier, though it opens no socket: each `graphcheck list` here loads and validates the whole
// shipped suites folder (about a second each, nine of them), which the unit tier cannot afford.

interface Listed {
  id: string;
  strength: string;
  suite: string;
  endpoints: string[];
  needs: { tokens: string[]; fixtures: string[]; capabilities: string[] };
  cases?: { name: string; why?: string }[];
}

describe('graphcheck list over the shipped suites', () => {
  it('--json lists every rule with strength, suite, endpoints and needs; --endpoint finds rules in any suite', async () => {
    const all = JSON.parse((await runCli(['list', '--json'])).stdout) as Listed[];
    expect(all.length).toBeGreaterThan(150);
    const shape = all.find((r) => r.id === 'feed.get-list-shape');
    expect(shape).toMatchObject({ strength: 'MUST', suite: 'feed', endpoints: expect.arrayContaining(['GET /{page_id}/feed']), needs: { tokens: ['page'], fixtures: ['page_id'] } });

    const out = await runCli(['list', '--json', '--endpoint', 'POST /{page_id}/feed']);
    const posting = JSON.parse(out.stdout) as Listed[];
    expect(posting.every((r) => r.endpoints.includes('POST /{page_id}/feed'))).toBe(true);
    // Feed rules kept in other suites are found too (the issue: --suite feed missed them).
    expect(new Set(posting.map((r) => r.suite)).size).toBeGreaterThan(1);
    expect(posting.length).toBe(all.filter((r) => r.endpoints.includes('POST /{page_id}/feed')).length);
  });

  it('--exclude leaves out ids, globs and suites; lines name the needs', async () => {
    const out = await runCli(['list', '--suite', 'feed', '--exclude', 'feed.get-*,feed.schedule-goes-live']);
    expect(out.code).toBe(0);
    expect(out.stdout).not.toMatch(/^feed\.get-/m);
    expect(out.stdout).not.toMatch(/^feed\.schedule-goes-live /m);
    expect(out.stdout).toMatch(/^feed\.\S+ {2}MUST {2}feed {2}.*POST \/\{page_id\}\/feed.* {2}needs: tokens\.page/m);
    const none = await runCli(['list', '--suite', 'feed', '--exclude', 'feed']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/nothing to run: the selection holds no rule/);
    const typo = await runCli(['list', '--endpoint', 'POST /{page_id}/fed']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/--endpoint POST \/\{page_id\}\/fed: no rule sends to it/);
  });

  it("--verbose shows each generated sweep case under its rule with the spec's words; --json carries them; hand rules have none", async () => {
    const out = await runCli(['list', '--rule', 'sweep.photos.bounds.create,sweep.photos.listed.read,sweep.photos.types.read', '--verbose']);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^sweep\.photos\.bounds\.create .*\n {4}case /m);
    expect(out.stdout).toMatch(/^ {4}case initial_view_heading_override_degrees=361 {2}\(.*0 to 360.*one above the upper bound\)$/m);
    expect(out.stdout).toMatch(/^ {4}case type=tagged {2}\(`type` enum .*: listed\)$/m);
    expect(out.stdout).toMatch(/^ {4}case biz_tag_id=1\.5 {2}\(.*a fraction where an integer is stated\)$/m);
    const plain = await runCli(['list', '--rule', 'sweep.photos.bounds.create']);
    expect(plain.stdout).not.toMatch(/^ {4}case /m);

    const listed = JSON.parse((await runCli(['list', '--json', '--rule', 'sweep.templates.tokens.update,feed.get-list-shape'])).stdout) as Listed[];
    const tokens = listed.find((r) => r.id === 'sweep.templates.tokens.update');
    expect(tokens?.cases?.map((c) => c.name)).toEqual(['without access_token', 'with a token never issued']);
    // The base request's endpoint and the one the case groups send to (the template's own node) are both listed.
    expect(tokens?.endpoints).toEqual(expect.arrayContaining(['POST /{template}']));
    expect(listed.find((r) => r.id === 'feed.get-list-shape')).not.toHaveProperty('cases');
  });

  it('a subscribe step, or cases sent as one, names the endpoint it posts to, so --endpoint finds hand and sweep rules', async () => {
    const out = await runCli(['list', '--json', '--endpoint', 'POST /{app_id}/subscriptions']);
    const ids = (JSON.parse(out.stdout) as Listed[]).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['subscriptions.post-verifies-callback', 'sweep.subscriptions.tokens.create']));
    const removing = JSON.parse((await runCli(['list', '--json', '--rule', 'subscriptions.delete-all'])).stdout) as Listed[];
    expect(removing[0]?.endpoints).toEqual(expect.arrayContaining(['DELETE /{app_id}/subscriptions']));
  });
});
