import { rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../../harness/profile/profile.js';
import { loadSuites } from '../../../harness/suite-loading/load-suite.js';
import { resultOf, runWebhookSuites } from '../../helpers/run-webhook-suites.js';
import { tempFolder } from '../../helpers/temp-dir.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** Loads one suite `demo` made of the given rules (YAML text, indented as list items of `rules:`). */
async function demoSuite(rules: string) {
  const dir = tempFolder('graphcheck-h7-suite-');
  dirs.push(dir);
  await writeFile(join(dir, 'demo.yaml'), `suite: demo\ntitle: Demo\nrules:\n${rules}`);
  return loadSuites(dir);
}

/** One rule of `demo` as a list item of `rules:`; `steps` holds its steps, each line indented by six spaces. */
function rule(id: string, title: string, steps: string): string {
  return `
  - id: demo.${id}
    title: ${title}
    strength: MUST
    cites: [{ section: Events, text: "The receiver deduplicates." }]
    steps:${steps}
`;
}

// The app is installed on the fixture Page before page updates are injected for it (R48).
const SUBSCRIBED = `
      - request: { method: POST, path: "/{{fixtures.page_id}}/subscribed_apps", token: page, form: { subscribed_fields: feed } }
        expect: [ok]
      - subscribe: { object: page, fields: [feed] }
        expect: [ok]`;

const DELIVER = rule('delivers', 'Delivers', `${SUBSCRIBED}
      - events: { updates: [{ object: page, id: "{{fixtures.page_id}}", field: feed, value: { n: 1 } }] }
      - deliveries: {}
        expect: [updates-delivered]`);

function portIsClosed(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('the run-level webhook harness', () => {
  it('sets the app back to Live after a rule that failed while it was not Live', async () => {
    const suites = await demoSuite(
      rule('fails-while-not-live', 'Fails while the app is not Live', `${SUBSCRIBED}
      - app-live: { live: false }
      - request: { method: GET, path: "/{{app.id}}/subscriptions", token: app }
        expect: [{ field: { path: data.length, equals: 99 } }]`) + DELIVER,
    );
    let liveAfterRun: unknown;
    const result = await runWebhookSuites({
      loaded: suites,
      suites: ['demo'],
      after: async (reference) => {
        liveAfterRun = ((await (await fetch(`${reference.controlUrl}/app`)).json()) as { live: unknown }).live;
      },
    });
    expect(resultOf(result, 'demo.fails-while-not-live').verdict).toBe('failed');
    expect(resultOf(result, 'demo.delivers').verdict).toBe('passed');
    expect(liveAfterRun).toBe(true);
  });

  it('without the target clock, calls missing deliveries unjudgeable (error), never a failure, and passes what came', async () => {
    const suites = await demoSuite(
      rule('two-updates', 'Two updates', `${SUBSCRIBED}
      - events: { updates: [{ object: page, id: "{{fixtures.page_id}}", field: feed, value: { n: 1 } }, { object: page, id: "{{fixtures.page_id}}", field: feed, value: { n: 2 } }] }
      - deliveries: { real_timeout_ms: 1500 }
        expect: [updates-delivered]`),
    );
    const noClock = (p: Profile) => ({ ...p, capabilities: p.capabilities.filter((c) => c !== 'clock') });
    const dropped = await runWebhookSuites({ loaded: suites, suites: ['demo'], profile: noClock, faults: ['webhooks-drop-updates'] });
    expect(resultOf(dropped, 'demo.two-updates')).toMatchObject({ verdict: 'error' });
    expect(resultOf(dropped, 'demo.two-updates').reason).toMatch(/not all delivered within 1\.5 s of real time.*"clock"/);
    const whole = await runWebhookSuites({ loaded: suites, suites: ['demo'], profile: noClock });
    expect(resultOf(whole, 'demo.two-updates').verdict).toBe('passed');
  });

  it('skips rules that wait for notifications when the profile says the app is not Live, and runs the others', async () => {
    const notLive = (p: Profile) => ({ ...p, app: { ...p.app, live: false } });
    const rules = ['webhooks.every-update-delivered', 'subscriptions.post-verifies-callback'];
    const result = await runWebhookSuites({ rules, profile: notLive });
    expect(resultOf(result, 'webhooks.every-update-delivered')).toMatchObject({ verdict: 'skipped' });
    expect(resultOf(result, 'webhooks.every-update-delivered').reason).toMatch(/app\.live to false/);
    expect(resultOf(result, 'subscriptions.post-verifies-callback').verdict).toBe('passed');
  });

  it('forgets failures a previous rule scheduled on the receiver', async () => {
    const suites = await demoSuite(
      rule('schedules-failures', 'Schedules failures and stops', `
      - receiver-fail: { next: 1000 }`) + DELIVER,
    );
    const result = await runWebhookSuites({ loaded: suites, suites: ['demo'] });
    // A rule that judged nothing is never passed.
    expect(resultOf(result, 'demo.schedules-failures')).toMatchObject({ verdict: 'error', reason: 'no expectation of the rule judged anything' });
    expect(resultOf(result, 'demo.delivers').verdict).toBe('passed');
  });

  it('keeps verification requests and notifications as evidence, and stops refused callbacks after the step', async () => {
    const suites = await demoSuite(
      rule('self-signed-accepted', 'Expects a self-signed callback to be accepted (it is not)', `
      - subscribe: { object: page, fields: [feed], callback: self-signed }
        expect: [ok]`) +
        rule('notification-evidence', 'Shows what arrived', `${SUBSCRIBED}
      - events: { updates: [{ object: page, id: "{{fixtures.page_id}}", field: feed, value: { text: "ünïcödé \\\\/ ✓" } }] }
      - deliveries: {}
        expect: [{ field: { path: never, exists: true } }]`),
    );
    const result = await runWebhookSuites({ loaded: suites, suites: ['demo'] });
    const refused = resultOf(result, 'demo.self-signed-accepted');
    expect(refused.verdict).toBe('failed');
    const post = refused.evidence.find((e) => e.kind !== 'control' && e.request.method === 'POST')!;
    const callback = new URLSearchParams(post.request.body).get('callback_url')!;
    expect(callback).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/webhook$/);
    expect(await portIsClosed(callback)).toBe(true);

    const shown = resultOf(result, 'demo.notification-evidence');
    expect(shown.verdict).toBe('failed');
    const kinds = shown.evidence.map((e) => e.kind ?? 'api');
    expect(kinds).toEqual(expect.arrayContaining(['api', 'webhook-verification', 'control', 'webhook-notification']));
    const notification = shown.evidence.find((e) => e.kind === 'webhook-notification')!;
    expect(notification.signatureValid).toBe(true);
    expect(notification.targetTime).toEqual({ from: expect.any(Number), to: expect.any(Number) });
    expect(notification.tlsClient?.presented).toBe(true);
    expect(notification.request.body).toContain('ünïcödé');
  });
});
