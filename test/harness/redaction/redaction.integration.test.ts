import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { readCassette } from '../../../harness/cassette/cassette-reader.js';
import { CassetteWriter } from '../../../harness/cassette/cassette-writer.js';
import { redactCassette } from '../../../harness/cassette/redact-cassette.js';
import {
  notificationSignatureValid,
  resignNotification,
} from '../../../harness/redaction/resign-notification.js';
import type { Exchange } from '../../../harness/model/exchange.js';
import { startRecordingProxy } from '../../../harness/run/recorded/recording-proxy.js';
import { startReplayServer } from '../../../harness/replay/replay-server.js';
import { startReference } from '../../../reference/index.js';
import { writtenForms } from '../../helpers/secret-forms.js';
import { SECRETS, useTinyTarget } from '../../helpers/tiny-target.js';

const tiny = useTinyTarget();
const { dir } = tiny;

type Call = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

/** Every place a secret travels: query, form, JSON, Bearer, cookies, paging.next, Location, a body. */
function plantingCalls(): Call[] {
  const q = encodeURIComponent;
  return [
    {
      method: 'GET',
      path: `/v25.0/2000001/feed?access_token=${q(SECRETS.pageToken)}&limit=2`,
    },
    {
      method: 'GET',
      path: `/v25.0/2000001/feed?access_token=${q(SECRETS.appToken)}&limit=2`,
    },
    {
      method: 'GET',
      path: '/v25.0/2000001/feed?limit=1',
      headers: { authorization: `Bearer ${SECRETS.pageToken}` },
    },
    {
      method: 'POST',
      path: '/oauth/access_token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `client_id=1000001&client_secret=${q(SECRETS.clientSecret)}&code=${q(SECRETS.code)}&redirect_uri=x`,
    },
    {
      method: 'GET',
      path: '/oauth/authorize?client_id=1000001&response_type=code',
    },
    {
      method: 'POST',
      path: '/echo/json',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        access_token: SECRETS.pageToken,
        client_secret: SECRETS.clientSecret,
      }),
    },
    {
      method: 'GET',
      path: '/cookie',
      headers: { cookie: `sid=${SECRETS.cookie}` },
    },
    { method: 'GET', path: '/leak' },
  ];
}

async function send(
  base: string,
  call: Call,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const answer = await request(base + call.path, {
    method: call.method,
    headers: call.headers,
    body: call.body,
  });
  return {
    status: answer.statusCode,
    body: await answer.body.text(),
    headers: answer.headers,
  };
}

function notification(secret: string): Exchange {
  const body = Buffer.from(
    JSON.stringify({
      object: 'page',
      entry: [
        {
          id: '2000001',
          time: 1,
          changes: [{ field: 'feed', value: { verb: 'add', token: SECRETS.pageToken } }],
        },
      ],
    }),
  );
  const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  return {
    kind: 'webhook-notification',
    startedAt: new Date().toISOString(),
    durationMs: 1,
    request: {
      method: 'POST',
      url: 'https://127.0.0.1:9/hook',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signature,
      },
      body: body.toString(),
    },
    response: { status: 200, headers: {}, body: '' },
  };
}

describe('redaction by default', () => {
  it('leaves no planted secret in the cassette in any form, and replay with the real secrets is byte-identical', async () => {
    const file = dir.path('planted.yml');
    const recorder = await startRecordingProxy({
      target: tiny.target.url,
      cassette: file,
      appSecret: SECRETS.appSecret,
    });
    const live = [];
    for (const call of plantingCalls()) live.push(await send(recorder.url, call));
    recorder.sink!.record(notification(SECRETS.appSecret));
    await recorder.close();

    const text = readFileSync(file, 'utf8');
    for (const secret of Object.values(SECRETS)) {
      for (const form of writtenForms(secret))
        expect(text, `${secret} written as ${form}`).not.toContain(form);
    }
    expect(live[1]?.body).toContain(encodeURIComponent(SECRETS.appToken));

    const replay = await startReplayServer({ cassette: file });
    try {
      const calls = plantingCalls();
      for (const [i, call] of calls.entries()) {
        const again = await send(replay.url, call);
        const expected = live[i] as { status: number; body: string };
        expect(again.status, call.path).toBe(expected.status);
        // Secrets the request carried come back real; others (a newly issued token) stay placeholders.
        const hidden = [SECRETS.issuedToken, SECRETS.appSecret].flatMap(writtenForms);
        const norm = (s: string, base: string): string =>
          hidden
            .reduce((t, form) => t.replaceAll(form, 'SECRET'), s)
            .replace(/redacted-[a-z_]+-[A-Za-z]*\d+/g, 'SECRET')
            .replaceAll(base, 'BASE')
            .replaceAll(base.replaceAll('/', '\\/'), 'BASE');
        expect(norm(again.body, replay.url), call.path).toBe(norm(expected.body, recorder.url));
        if (i < 3)
          expect(again.body).toBe(
            expected.body.replaceAll(recorder.url.replaceAll('/', '\\/'), replay.url.replaceAll('/', '\\/')),
          );
      }
      expect(replay.misses()).toEqual([]);
    } finally {
      await replay.close();
    }
  });

  it('re-signs recorded notifications with the stand-in secret; a bad signature stays bad', async () => {
    const file = dir.path('webhooks.yml');
    const writer = CassetteWriter.create(file, {
      target: tiny.target.url,
      appSecret: SECRETS.appSecret,
      secrets: [SECRETS.pageToken],
    });
    writer.append(notification(SECRETS.appSecret));
    writer.append(notification('not-the-app-secret'));
    writer.close();
    const { header, exchanges } = await readCassette(file);
    const standIn = header.redaction.app_secret_stand_in as string;
    expect(readFileSync(file, 'utf8')).not.toContain(SECRETS.pageToken);
    expect(exchanges.map((e) => e.signatureValid)).toEqual([true, false]);
    expect(exchanges.map((e) => notificationSignatureValid(e, standIn))).toEqual([true, false]);
    const again = exchanges.map((e) => resignNotification(e, standIn));
    expect(again.map((e) => notificationSignatureValid(e, standIn))).toEqual([true, false]);
  });

  it('`cassette redact` re-applies the rules to a cassette recorded without redaction', async () => {
    const file = dir.path('unredacted.yml');
    const recorder = await startRecordingProxy({
      target: tiny.target.url,
      cassette: file,
      redact: false,
    });
    for (const call of plantingCalls().slice(0, 4)) await send(recorder.url, call);
    await recorder.close();
    expect(readFileSync(file, 'utf8')).toContain(encodeURIComponent(SECRETS.pageToken));
    const result = await redactCassette(file, { appSecret: SECRETS.appSecret });
    expect(result.exchanges).toBe(4);
    expect(result.added).toBeGreaterThanOrEqual(4);
    const text = readFileSync(file, 'utf8');
    for (const secret of [
      SECRETS.pageToken,
      SECRETS.appToken,
      SECRETS.clientSecret,
      SECRETS.code,
      SECRETS.issuedToken,
    ]) {
      for (const form of writtenForms(secret)) expect(text).not.toContain(form);
    }
    const second = await redactCassette(file);
    expect(second.added).toBe(0);
  });
});

describe('a known secret with a marker attached', () => {
  it('keeps the known placeholder (a code sent back with its #_ marker), so replay matches the code it issued', () => {
    const file = dir.path('marker.yml');
    const writer = CassetteWriter.create(file, { target: 'http://127.0.0.1:4010' });
    const code = 'AQDx7c0dE-issued-code-9f2';
    const at = (url: string, status: number, headers: Record<string, string> = {}): Exchange => ({
      kind: 'api',
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1,
      request: { method: 'GET', url, headers: {} },
      response: { status, headers, body: '' },
    });
    writer.append(at(`http://127.0.0.1:4010/oauth/access_token?code=${code}`, 200));
    const stored = writer.append(at(`http://127.0.0.1:4010/oauth/access_token?code=${encodeURIComponent(`${code}#_`)}`, 400));
    writer.close();
    expect(stored.request.url).toMatch(/code=redacted-code-1(%23_|#_)$/);
    expect(readFileSync(file, 'utf8')).not.toContain(code);
  });
});

describe('a target profile fetched through the recorder (control GET /profile)', () => {
  it('keeps none of the tokens or the app secret it names, while the client gets them live', async () => {
    const reference = await startReference();
    const profile = reference.profile as { app: { secret: string; access_token: string }; tokens: Record<string, string> };
    const file = dir.path('profile.yml');
    const recorder = await startRecordingProxy({ target: reference.url, cassette: file });
    const live = await (await request(`${recorder.url}/_control/profile`)).body.text();
    await recorder.close();
    await reference.close();
    const text = readFileSync(file, 'utf8');
    const secrets = [...Object.values(profile.tokens), profile.app.access_token, profile.app.secret];
    for (const secret of secrets) for (const form of writtenForms(secret)) expect(text).not.toContain(form);
    expect(live).toContain(profile.tokens.page);
  });
});
