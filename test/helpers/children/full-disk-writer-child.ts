// Run as a child process by write-failure.test.ts, under `ulimit -f`: a cassette writer whose file can grow no more.
import { CassetteWriter } from '../../../harness/cassette/cassette-writer.js';

// Past the limit a write fails with EFBIG instead of the signal ending the process.
process.on('SIGXFSZ', () => undefined);
const writer = CassetteWriter.create(process.argv[2] as string, { target: 'http://127.0.0.1:9' });
try {
  writer.append({
    kind: 'api',
    startedAt: new Date().toISOString(),
    durationMs: 1,
    request: { method: 'GET', url: 'http://127.0.0.1:9/big', headers: {} },
    response: { status: 200, headers: {}, body: 'x'.repeat(64 * 1024) },
  });
  process.stdout.write('written\n');
} catch (error) {
  process.stdout.write(`${(error as Error).message}\n`);
}
