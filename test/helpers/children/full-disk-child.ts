// Run as a child process under `ulimit -f` (a file that can grow no more stands for a full disk) by the tests of
// files written safely; prints what happened as one JSON line. `cassette FILE`: a cassette writer meets the limit
// in the middle of an exchange, then goes on; `sink FILE`: the same through a recording's cassette sink, which
// counts what it recorded; `report DIR`: a set of two reports, the second past the limit.
import { readdirSync, readFileSync } from 'node:fs';
import { readCassette } from '../../../harness/cassette/cassette-reader.js';
import { CassetteWriter } from '../../../harness/cassette/cassette-writer.js';
import type { Exchange } from '../../../harness/model/index.js';
import { CassetteSink } from '../../../harness/recorder/cassette-sink.js';
import { writeReportSet } from '../../../harness/reports/write-report.js';

// Past the limit a write fails with EFBIG instead of the signal ending the process.
process.on('SIGXFSZ', () => undefined);

const [what, path] = process.argv.slice(2) as [string, string];

function exchange(name: string, body: string): Exchange {
  return {
    kind: 'api',
    startedAt: new Date().toISOString(),
    durationMs: 1,
    request: { method: 'GET', url: `http://127.0.0.1:9/${name}`, headers: {} },
    response: { status: 200, headers: {}, body },
  };
}

function failureOf(run: () => unknown): { code?: string; exitCode?: number; message?: string } | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    const e = error as { code?: string; exitCode?: number; message?: string };
    return { code: e.code, exitCode: e.exitCode, message: e.message };
  }
}

if (what === 'cassette') {
  const writer = CassetteWriter.create(path, { target: 'http://127.0.0.1:9', redact: false });
  writer.append(exchange('before', 'small'));
  // 64 KiB under a 16 KiB limit: the kernel takes part of it, then refuses the rest.
  const failed = failureOf(() => writer.append(exchange('torn', 'x'.repeat(64 * 1024))));
  writer.append(exchange('after', 'small'));
  writer.close();
  let read: unknown;
  try {
    read = (await readCassette(path)).exchanges.map((e) => e.request.url);
  } catch (error) {
    read = (error as Error).message;
  }
  process.stdout.write(JSON.stringify({ failed, lost: writer.lost, count: writer.count, read }));
} else if (what === 'sink') {
  const sink = await CassetteSink.open(path, true, { target: 'http://127.0.0.1:9', redact: false });
  sink.append(exchange('before', 'small'));
  const failed = failureOf(() => sink.append(exchange('torn', 'x'.repeat(64 * 1024))));
  sink.append(exchange('after', 'small'));
  sink.close();
  const read = (await readCassette(path)).exchanges.length;
  process.stdout.write(JSON.stringify({ failed, lost: sink.lost(), recorded: sink.recorded(), read }));
} else {
  let failed: unknown;
  const set = [
    { name: 'summary.md', text: 'FAILED: 1 failed\n' },
    { name: 'report.json', text: `${JSON.stringify({ big: 'x'.repeat(64 * 1024) })}\n` },
  ];
  await writeReportSet(path, set).catch((error: { code?: string; exitCode?: number; message?: string }) => {
    failed = { code: error.code, exitCode: error.exitCode, message: error.message };
  });
  const files = readdirSync(path).sort();
  const read = (name: string) => readFileSync(`${path}/${name}`, 'utf8');
  process.stdout.write(JSON.stringify({ failed, files, report: read('report.json'), summary: read('summary.md') }));
}
