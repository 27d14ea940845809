import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeReportsCommand } from '../../bin/commands/merge-reports.js';
import { UserInputError } from '../../harness/errors.js';
import { brokenShards, hostileShard } from '../helpers/hostile/hostile-report.js';
import { shardFolders } from '../helpers/report-folder.js';

// Shards refused as they are read; merges, which load the shipped suites, are merge-reports-hostile.integration.test.ts.
describe('merge-reports over shard reports someone else wrote', () => {
  it.each(brokenShards())('refuses $what in one line naming the file and $place, writing nothing', async ({ place, report }) => {
    const { root, shards } = await shardFolders([hostileShard(2), report]);
    const reportDir = join(root, 'merged');
    const error = await mergeReportsCommand(shards, { reportDir }, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserInputError);
    const message = (error as UserInputError).message;
    expect(message.startsWith(`${join(shards[1]!, 'report.json')}: ${place} `)).toBe(true);
    expect(message).toContain('give the report folder a graphcheck run wrote');
    expect(message).not.toMatch(/[\r\n]/);
    await expect(readdir(reportDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
