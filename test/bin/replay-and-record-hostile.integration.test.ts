import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordCommand } from '../../bin/commands/record.js';
import { startReplayCommand } from '../../bin/commands/replay.js';
import { CassetteWriter } from '../../harness/cassette/cassette-writer.js';
import { noRedactNotice } from '../../bin/flags.js';
import { UserInputError } from '../../harness/errors.js';
import { HOSTILE_TEXT, unsafeIn } from '../helpers/hostile/planted.js';
import { tempFolder } from '../helpers/temp-dir.js';

const TARGET = 'http://127.0.0.1:9';

let dir: string;
beforeAll(async () => {
  dir = tempFolder('graphcheck-hostile-replay-');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A cassette of one exchange, its redaction on or off as its header says. */
function cassette(name: string, redact: boolean): string {
  const file = join(dir, name);
  const writer = CassetteWriter.create(file, { target: TARGET, redact });
  writer.append({
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    request: { method: 'GET', url: `${TARGET}/v25.0/me?fields=id`, headers: {} },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":"1"}' },
  });
  writer.close();
  return file;
}

describe("replay's log of a request it has no answer for", () => {
  it('quotes the request inert: no escape sequence, workflow command or forged line reaches the log', async () => {
    const warned: string[] = [];
    const replay = await startReplayCommand(
      { cassette: cassette('replay.cassette.yml', true), port: 0, host: '127.0.0.1', match: 'strict' },
      () => {},
      (line) => warned.push(line),
    );
    try {
      const note = encodeURIComponent(HOSTILE_TEXT);
      const answer = await request(`${replay.url}/v25.0/me?fields=${note}&${note}=1`, { headers: { 'x-note': 'plain' } });
      await answer.body.text();
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await replay.close();
    }
    const log = warned.join('\n');
    expect(log).toContain('replay miss');
    expect(log).toContain('\\x1b');
    expect(unsafeIn(log)).toEqual([]);
  });
});

/** What `record --mode new_episodes` warns going on with `file` (`redact`: as --no-redact is absent or given). */
async function warningsGoingOn(file: string, redact = true): Promise<string[]> {
  const warned: string[] = [];
  const running = await startRecordCommand(
    { target: TARGET, cassette: file, port: 0, host: '127.0.0.1', redact, mode: 'new_episodes', match: 'strict' },
    () => {},
    (line) => warned.push(line),
  );
  await running.close();
  return warned;
}

describe('record, going on with a cassette someone recorded with redaction off', () => {
  it('refuses to write secrets into it in clear unless --no-redact says so: its header does not decide', async () => {
    const file = cassette('clear.cassette.yml', false);
    const error = await warningsGoingOn(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserInputError);
    expect((error as UserInputError).message).toBe(
      `${file}: its header has redaction off, so what is recorded would go into it as sent: give --no-redact to go on writing secrets into it, --mode all to start it afresh redacted, or another --cassette`,
    );
    await expect(warningsGoingOn(file, false)).resolves.toEqual([noRedactNotice(file)]);
  });

  it('refuses one whose header has redaction on but no salt, which would write secrets in clear as well', async () => {
    const file = join(dir, 'saltless.cassette.yml');
    await writeFile(file, readFileSync(cassette('saltless-source.cassette.yml', true), 'utf8').replace(/,"salt":"[0-9a-f]+"/, ''));
    await expect(warningsGoingOn(file)).rejects.toThrow(/its header has redaction on but no salt/);
  });

  it('says nothing of the kind for a cassette whose redaction is on', async () => {
    await expect(warningsGoingOn(cassette('redacted.cassette.yml', true))).resolves.toEqual([]);
  });
});
