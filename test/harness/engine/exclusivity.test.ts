import { describe, expect, it } from 'vitest';
import { exclusivityOf } from '../../../harness/engine/exclusivity.js';
import type { Rule } from '../../../harness/suite/suite.js';
import { demoSuite, loadSuiteText, suiteError } from '../../helpers/demo-suite.js';
import { everyShippedSuite } from '../../helpers/shipped-suites.js';

const suite = demoSuite;

async function load(text: string): Promise<Rule> {
  return (await loadSuiteText(text)).rules[0]!;
}

async function problem(text: string): Promise<string> {
  return (await suiteError(text)).message;
}

const OWN_POST = `      - request: { method: POST, path: "/{{fixtures.page_id}}/feed", form: { message: "m {{unique}}" } }
        expect: [ok]
`;

describe('which rules run alone', () => {
  it('a rule that touches only what it makes is shared and never resets', async () => {
    const rule = await load(suite(OWN_POST));
    expect(exclusivityOf(rule)).toEqual({ alone: false, why: [], reset: 'none' });
  });

  it.each([
    ['a clock step', `      - clock: { advance: 60 }\n`, /step 1 \(clock\): moves the target's clock/],
    ['a repeat moving the clock', `      - repeat: { count: 2, advance_between: 5, request: { method: GET, path: /x } }\n        expect: [ok]\n`, /step 1 \(repeat\): moves the target's clock/],
    ['an exchange moving the clock', `      - exchange: { code: c, count: 2, advance_between: 5 }\n`, /step 1 \(exchange\): moves the target's clock/],
    ['a subscribe step', `      - subscribe: { object: page, fields: [feed] }\n`, /step 1 \(subscribe\): changes the app's subscriptions/],
    ['events', `      - events: { updates: [] }\n`, /step 1 \(events\): injects changes/],
    ['the app Live setting', `      - app-live: { live: false }\n`, /step 1 \(app-live\): sets the app's Live setting/],
    ['a request to the app subscriptions', `      - request: { method: GET, path: "/{{app.id}}/subscriptions", token: app }\n        expect: [ok]\n`, /reads or changes the app's subscriptions/],
    ['a walk of the app subscriptions', `      - walk: { request: { method: GET, path: "/{{app.id}}/subscriptions", token: app } }\n        expect: [ok]\n`, /step 1 \(walk\)/],
    ['an install on a Page', `      - request: { method: POST, path: "/{{fixtures.page_id}}/subscribed_apps" }\n        expect: [ok]\n`, /installs the app on a Page/],
    ['an explicit version', `      - request: { method: GET, path: /x, version: v24.0 }\n        expect: [ok]\n`, /calls version v24\.0: the version the app first called/],
    ['a list compared with an earlier read', `      - walk: { request: { method: GET, path: "/{{fixtures.page_id}}/feed" } }\n        expect: [ok, { new-item: { not_in: [], path: is_published, truthy: true, absent: true } }]\n`, /step 1: compares a list with an earlier read of it \(new-item\)/],
    ['every item of a fixture list judged', `      - walk: { request: { method: GET, path: "/{{fixtures.page_id}}/photos" } }\n        expect: [ok, { every-item: { path: id, type: string } }]\n`, /step 1: judges every item of a list of a fixture \(every-item\): which items other rules add meanwhile/],
    ['a page of a fixture list whose items a schema judges', `      - request: { method: GET, path: "/{{fixtures.page_id}}/feed" }\n        expect: [ok, { items-have: { has: [id] } }]\n`, /step 1: judges every item of a list of a fixture \(items-have\)/],
    ['a walk of a fixture list judged whole', `      - walk: { request: { method: GET, path: "/{{fixtures.video_id}}/comments" } }\n        expect: [ok, { each-item-once: { includes: [x] } }]\n`, /step 1: walks a list of a fixture whole \(each-item-once\): an item another rule adds or removes/],
  ])('%s runs it alone, and it resets first', async (_what, steps, why) => {
    const rule = await load(suite(steps));
    const exclusivity = exclusivityOf(rule);
    expect(exclusivity.alone).toBe(true);
    expect(exclusivity.reset).toBe('rule');
    expect(exclusivity.why.join('\n')).toMatch(why);
  });

  it("a walk of the rule's own object's list, or a fixture's list looked up item by item, is shared", async () => {
    const own = `${OWN_POST.replace('expect: [ok]', 'expect: [ok]\n        capture: { post: body.id }')}      - walk: { request: { method: GET, path: "/{{captured.post}}/comments" } }\n        expect: [ok, { each-item-once: {} }]\n`;
    expect(exclusivityOf(await load(suite(own))).alone).toBe(false);
    const lookup = `      - walk: { request: { method: GET, path: "/{{fixtures.page_id}}/feed" } }\n        expect: [ok, { item: { id: x } }]\n`;
    expect(exclusivityOf(await load(suite(lookup))).alone).toBe(false);
    // Every item of its own object's list, or of one fixture object (not a list), is the rule's to judge.
    const ownItems = `${OWN_POST.replace('expect: [ok]', 'expect: [ok]\n        capture: { post: body.id }')}      - request: { method: GET, path: "/{{captured.post}}/comments" }\n        expect: [ok, { every-item: { path: id, type: string } }]\n`;
    expect(exclusivityOf(await load(suite(ownItems))).alone).toBe(false);
    const object = `      - request: { method: GET, path: "/{{fixtures.post_id}}" }\n        expect: [ok, { schema: page-post }]\n`;
    expect(exclusivityOf(await load(suite(object))).alone).toBe(false);
  });

  it('the run prefix and the bare path leave the version history as every rule does', async () => {
    const steps = `      - request: { method: GET, path: /x, version: default }\n        expect: [ok]\n      - request: { method: GET, path: /x, version: none }\n        expect: [ok]\n`;
    expect(exclusivityOf(await load(suite(steps))).alone).toBe(false);
  });

  it('a positive control that touches global state counts as the step does', async () => {
    const steps = `      - request: { method: GET, path: /x }\n        expect: [{ error: { code: 100 } }]\n        control: { with: { version: v24.0 } }\n`;
    expect(exclusivityOf(await load(suite(steps))).why.join()).toMatch(/step 1 \(request\): calls version v24\.0/);
  });

  it('reset: rule and each-run make a rule run alone; never keeps it from resetting when it does', async () => {
    expect(exclusivityOf(await load(suite(OWN_POST, '    reset: rule\n')))).toMatchObject({ alone: true, reset: 'rule' });
    const never = await load(suite(`      - clock: { advance: 60 }\n`, '    reset: never\n'));
    expect(exclusivityOf(never)).toMatchObject({ alone: true, reset: 'none' });
  });

  it('exclusive: says why where no step can, and the rule runs alone', async () => {
    const rule = await load(suite(OWN_POST, '    exclusive: "it counts every post of the Page"\n'));
    expect(exclusivityOf(rule)).toEqual({ alone: true, why: ['the suite says: it counts every post of the Page'], reset: 'rule' });
  });

  it('refuses exclusive: where the steps already make the rule run alone, naming file, line and cause', async () => {
    const text = suite(`      - clock: { advance: 60 }\n`, '    exclusive: "it moves the clock, as the step says"\n');
    expect(await problem(text)).toMatch(/demo\.yaml:8: the rule already runs alone \(step 1 \(clock\): moves the target's clock\); drop exclusive:/);
    const reset = suite(OWN_POST, '    reset: each-run\n    exclusive: "it wants the fixtures"\n');
    expect(await problem(reset)).toMatch(/demo\.yaml:9: the rule already runs alone \(reset: each-run/);
  });

  it('refuses exclusive: on a rule that never runs against a target', async () => {
    const text = `suite: demo
title: Demo
rules:
  - id: demo.one
    title: One
    strength: MUST
    side: client
    cites: [{ section: S, text: "a sentence" }]
    exclusive: "nothing to share"
    passive: { match: { method: GET, path: "/{page_id}/feed" }, expect: [ok] }
`;
    expect(await problem(text)).toMatch(/demo\.yaml:9: a client rule never runs against a target/);
  });

  it('the shipped suites: the rules that must run alone do, and most share the target', async () => {
    const rules = (await everyShippedSuite()).flatMap((s) => s.rules).filter((r) => (r.side ?? 'service') === 'service');
    const alone = new Set(rules.filter((r) => exclusivityOf(r).alone).map((r) => r.id));
    for (const id of [
      'feed.get-walk-each-post-once',
      'comments.edge-on-photo-video-and-live-video',
      'photos.type-uploaded-lists-published-upload',
      'videos.deleted-video-no-longer-read',
      'comments.chronological-order',
      'subscriptions.list-shape',
      'subscriptions.delete-all',
      'versioning.older-than-first-called-refused',
      'webhooks.retry-schedule-36h',
      'authorization.code-single-use',
      'photos.unpublished-upload-publishes-nothing',
      // Sweeps: their cases are requests and subscriptions as any step's.
      'sweep.subscriptions.listed.create',
      'sweep.subscriptions.tokens.delete',
      'sweep.subscriptions.tokens.subscribed-apps',
    ]) {
      expect(alone, id).toContain(id);
    }
    for (const id of ['feed.post-returns-id', 'photos.post-over-10mb-refused', 'templates.lookup-answers', 'authorization.code-single-use-at-the-same-moment']) {
      expect(alone, id).not.toContain(id);
    }
    expect(alone.size).toBeLessThan(rules.length / 3);
  });
});
