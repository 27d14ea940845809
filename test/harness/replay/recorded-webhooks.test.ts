import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyBytes, storeBody } from '../../../harness/http/stored-body.js';
import { readCassette } from '../../../harness/cassette/cassette-reader.js';
import { CassetteWriter } from '../../../harness/cassette/cassette-writer.js';
import {
  notificationSignatureValid,
  resignNotification,
} from '../../../harness/redaction/resign-notification.js';
import type { Exchange } from '../../../harness/model/exchange.js';
import { loadReplay } from '../../../harness/replay/load-replay.js';
import { TapedArrivals } from '../../../harness/webhooks/webhook-tape.js';
import { ArrivalSchedule } from '../../../harness/replay/arrival-schedule.js';
import { tempDir } from '../../helpers/temp-dir.js';

const dir = tempDir();
afterAll(() => dir.cleanup());
const APP_SECRET = 'the-real-app-secret-123';

function notification(raw: Buffer, secret: string): Exchange {
  return {
    kind: 'webhook-notification',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 2,
    request: {
      method: 'POST',
      url: 'https://127.0.0.1:8443/callback',
      headers: {
        'Content-Type': 'application/json',
        'X-Hub-Signature-256': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
      },
      ...storeBody(raw),
    },
    response: { status: 200, headers: {}, body: '' },
  };
}

describe('webhook exchanges in cassettes', () => {
  it('keeps the raw bytes of notifications (base64 when not UTF-8) and re-signs them with the stand-in', async () => {
    const file = dir.path('hooks.yml');
    const utf8 = Buffer.from(
      '{"object":"page","entry":[{"id":"1","time":1,"changes":[{"field":"feed","value":{"message":"héllo \\/ ✓"}}]}]}',
    );
    const binary = Buffer.concat([
      Buffer.from('{"object":"page","x":"'),
      Buffer.from([0xff, 0xfe, 0x80]),
      Buffer.from('"}'),
    ]);
    const writer = CassetteWriter.create(file, {
      target: 'http://127.0.0.1:4010',
      appSecret: APP_SECRET,
    });
    writer.append({
      kind: 'webhook-verification',
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1,
      request: {
        method: 'GET',
        url: 'https://127.0.0.1:8443/callback?hub.mode=subscribe&hub.challenge=123&hub.verify_token=vt-secret-9',
        headers: {},
      },
      response: { status: 200, headers: {}, body: '123' },
    });
    writer.append(notification(utf8, APP_SECRET));
    writer.append(notification(binary, APP_SECRET));
    writer.close();

    const { header, exchanges } = await readCassette(file);
    const standIn = header.redaction.app_secret_stand_in as string;
    expect(exchanges[0]?.request.url).toContain('hub.verify_token=redacted-verify_token-1');
    expect(bodyBytes(exchanges[1]?.request.body, exchanges[1]?.request.bodyEncoding).equals(utf8)).toBe(true);
    expect(exchanges[2]?.request.bodyEncoding).toBe('base64');
    expect(bodyBytes(exchanges[2]?.request.body, 'base64').equals(binary)).toBe(true);
    for (const e of exchanges.slice(1)) {
      expect(notificationSignatureValid(e, APP_SECRET)).toBe(false);
      expect(notificationSignatureValid(e, standIn)).toBe(true);
      expect(notificationSignatureValid(resignNotification(e, standIn), standIn)).toBe(true);
    }
  });

  it('are not served by replay, but handed over in order for offline checks', async () => {
    const source = await loadReplay(dir.path('hooks.yml'));
    expect(source.index.size).toBe(0);
    expect(source.unserved.map((e) => e.exchange.kind)).toEqual([
      'webhook-verification',
      'webhook-notification',
      'webhook-notification',
    ]);
  });
});

describe('recorded webhook requests in an offline repeat', () => {
  it('arrive during the exchange they came during, even when the next one started in the same millisecond', async () => {
    const file = dir.path('same-ms.yml');
    const at = Date.parse('2026-01-01T00:00:00.000Z');
    const api = (path: string, startedAtMs: number): Exchange => ({
      kind: 'api',
      startedAt: new Date(startedAtMs).toISOString(),
      startedAtMs,
      durationMs: 0.2,
      request: { method: 'POST', url: `http://127.0.0.1:4010${path}`, headers: {} },
      response: { status: 200, headers: {}, body: '{}' },
    });
    const writer = CassetteWriter.create(file, { target: 'http://127.0.0.1:4010', redact: false });
    writer.append(api('/_control/clock', at + 0.1));
    writer.append({ ...notification(Buffer.from('{"object":"page","entry":[]}'), APP_SECRET), startedAtMs: at + 0.5 });
    writer.append(api('/_control/reset', at + 0.8));
    writer.close();

    const source = await loadReplay(file);
    const entryOf = (path: string) =>
      [...source.index.groups()].flatMap((g) => g.entries).find((e) => e.exchange.request.url.endsWith(path))!;
    const schedule = new ArrivalSchedule(source);
    const arrivals = new TapedArrivals({ verify_token: 'v', receiver_url: 'https://127.0.0.1:8443', callbacks: {} }, APP_SECRET);
    const receiver = await arrivals.receiver();
    for (const due of schedule.release(entryOf('/_control/reset'), new Map())) arrivals.deliver(due);
    expect(receiver.attempts()).toHaveLength(0);
    for (const due of schedule.release(entryOf('/_control/clock'), new Map())) arrivals.deliver(due);
    expect(receiver.attempts()).toHaveLength(1);
    expect(receiver.attempts()[0]).toMatchObject({ signature: 'ok' });
  });
});
