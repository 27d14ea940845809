import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/temp-dir.js';

const dir = tempDir();
afterAll(() => dir.cleanup());

describe('a cassette that cannot grow (disk full, file size limit)', () => {
  it('refuses the exchange in one line naming the cassette, not with a raw system error', () => {
    const file = dir.path('full.yml');
    const node = `${JSON.stringify(process.execPath)} bin/run-ts.js test/helpers/children/full-disk-writer-child.ts ${JSON.stringify(file)}`;
    // 16 KiB: room for the header, not for the 64 KiB exchange.
    const result = spawnSync('bash', ['-c', `ulimit -f 16; exec ${node}`], { encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(`${file}: cannot write the cassette (EFBIG): free some space or record to another path`);
  });
});
