import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { referenceBehind } from '../helpers/reference-behind.js';
import { tempDir } from '../helpers/temp-dir.js';
import { type Answer, type FrontedRequest, startFront } from '../helpers/varying-front.js';

describe('a run interrupted while rules run in sessions (contract §2.1)', () => {
  it('deletes every session it opened before it stops on SIGINT', async () => {
    const seen = { opened: 0, deleted: 0 };
    let inSession: () => void = () => undefined;
    const firstRequestInSession = new Promise<void>((resolve) => (inSession = resolve));
    const count = (answer: Answer, { method, path }: FrontedRequest): Answer => {
      if (method === 'POST' && /^\/_control\/sessions\/?$/.test(path) && answer.status === 200) seen.opened++;
      if (method === 'DELETE' && /^\/_control\/sessions\/[^/]+$/.test(path) && answer.status === 200) seen.deleted++;
      if (path.startsWith('/_sessions/')) inSession();
      return answer;
    };
    const behind = await referenceBehind((upstream) => startFront(upstream, count));
    const dir = tempDir('graphcheck-interrupt-');
    try {
      {
        const args = ['run', '--target', behind.front.url, '--suite', 'webhooks,subscriptions', '--concurrency', '4', '--seed', '3', '--report-dir', dir.path('reports'), '--quiet'];
        const child = spawn(process.execPath, [BIN, ...args], { stdio: 'ignore', timeout: 120_000, killSignal: 'SIGKILL' });
        const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
        await firstRequestInSession;
        child.kill('SIGINT');
        // The run stops as interrupted (the signal is raised again once its sessions are deleted), not killed.
        expect(await exited).toBe('SIGINT');
      }
      expect(seen.opened).toBeGreaterThan(0);
      expect(seen.deleted).toBe(seen.opened);
    } finally {
      dir.cleanup();
      await behind.close();
    }
  }, 180_000);
});
