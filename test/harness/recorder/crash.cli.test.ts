import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { readCassette } from '../../../harness/cassette/cassette-reader.js';
import { tempDir } from '../../helpers/temp-dir.js';

const dir = tempDir();
/** The recorder child, stopped when the file ends even if the test timed out before its own `finally`. */
let recorderChild: ChildProcess | undefined;
afterAll(() => {
  recorderChild?.kill('SIGKILL');
  dir.cleanup();
});

function lines(child: ChildProcess): AsyncIterator<string> {
  return createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
}

/**
 * The cassette as `readCassette` gives it, or, when the process died inside a write (a batch is one system call, but
 * a kill can cut it short), as the one-line refusal says to repair it: the cut-off last document's lines deleted.
 * Only the last document may be cut off; any other problem fails the test.
 */
async function readWithoutTornTail(file: string): ReturnType<typeof readCassette> {
  try {
    return await readCassette(file);
  } catch (error) {
    const torn = /:(\d+): not a YAML document .*the document at lines (\d+)-(\d+) is cut off or broken: repair it, or delete those lines/.exec((error as Error).message);
    const lines = readFileSync(file, 'utf8').split('\n');
    if (!torn || Number(torn[3]) < lines.length - 1) throw error;
    writeFileSync(file, `${lines.slice(0, Number(torn[2]) - 1).join('\n')}\n`);
    return readCassette(file);
  }
}

describe('a recorder killed with SIGKILL', () => {
  it('leaves a cassette that reads back whole up to the last completed exchange (a write it was killed in: refused as cut off, with the lines to delete)', async () => {
    const file = dir.path('killed.yml');
    const child = spawn(
      process.execPath,
      ['bin/run-ts.js', 'test/helpers/children/recorder-child.ts', file],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    recorderChild = child;
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    const out = lines(child);
    const { url } = JSON.parse((await out.next()).value as string) as {
      url: string;
    };
    const agent = new Agent({ connections: 32 });
    try {
      // Ten exchanges complete; twenty more are in flight when the process dies, one of them never answered.
      for (let i = 0; i < 10; i++)
        await (await request(`${url}/echo/done-${i}`, { dispatcher: agent })).body.text();
      const inFlight = Array.from({ length: 20 }, (_, i) =>
        request(`${url}/echo/flight-${i}`, {
          method: 'POST',
          body: 'x'.repeat(5000),
          dispatcher: agent,
        }).then(
          (r) => r.body.text().then(() => true),
          () => false,
        ),
      );
      const hung = request(`${url}/hang`, { dispatcher: agent }).catch(() => undefined);
      expect((await out.next()).value).toBe('hanging');
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      const answered = (await Promise.all(inFlight)).filter(Boolean).length;
      await hung;

      const { exchanges } = await readWithoutTornTail(file);
      const paths = exchanges.map((e) => new URL(e.request.url).pathname);
      expect(paths.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `/echo/done-${i}`));
      expect(exchanges.length).toBeGreaterThanOrEqual(10 + answered);
      expect(exchanges.length).toBeLessThanOrEqual(30);
      expect(paths).not.toContain('/hang');
      for (const e of exchanges) expect(e.response?.status).toBe(200);
    } finally {
      child.kill('SIGKILL');
      await agent.close();
    }
  });
});
