import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDelayProxy } from '../../bench/delay-proxy.js';
import { BIN, runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';


// serve-reference runs until SIGTERM, so it is a process; the run against it is an in-process call.
describe('graphcheck serve-reference, and a run against the profile it wrote', () => {
  it('marks rules whose capability is missing as skipped with the reason', async () => {
    const dir = tempFolder('graphcheck-cli-');
    const profileDir = tempFolder('graphcheck-cli-');
    // Start a reference, then hand graphcheck its profile without the control protocol.
    const serve = spawn(process.execPath, [BIN, 'serve-reference', '--profile-out', join(profileDir, 'p.json')]);
    let stderr = '';
    serve.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    const url = await new Promise<string>((resolve, reject) => {
      serve.stdout.on('data', (d: Buffer) => {
        const match = /reference target on (\S+)/.exec(String(d));
        if (match) resolve(match[1]!);
      });
      // A serve-reference that ends before printing its address fails here with what it said, not at the timeout.
      serve.once('exit', (code) => reject(new Error(`serve-reference exited (${code}) before it listened: ${stderr}`)));
    });
    try {
      const profile = JSON.parse(await readFile(join(profileDir, 'p.json'), 'utf8'));
      delete profile.control_url;
      delete profile.capabilities;
      await writeFile(join(profileDir, 'p.json'), JSON.stringify(profile));
      // A rule that moves the clock (the scheduling window's rules read the time from the Date header instead).
      const out = await runCli(['run', '--profile', join(profileDir, 'p.json'), '--rule', 'comments.chronological-order', '--report-dir', dir]);
      // Its one rule skipped, the run judged nothing: never green.
      expect(out.code).toBe(3);
      expect(out.stdout).toMatch(/NOTHING JUDGED/);
      const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
      expect(report.summary.passed).toBe(0);
      expect(report.results.map((r: { verdict: string }) => r.verdict)).toEqual(report.results.map(() => 'skipped'));
      expect(report.results[0].reason).toMatch(/control capability "clock"/);
      expect(await readFile(join(dir, 'junit.xml'), 'utf8')).toMatch(/<skipped message="needs the control capability/);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      serve.kill('SIGTERM');
    }
  });
});

describe('graphcheck serve-reference --public-url behind a proxy, with --media-port', () => {
  it('names the proxy in its profile and links, serves its files from the second origin, and passes the rules that follow them', async () => {
    const dir = tempFolder('graphcheck-cli-');
    let listening: string | undefined;
    const proxy = await startDelayProxy(() => listening ?? 'http://127.0.0.1:9', 0);
    const args = ['serve-reference', '--public-url', proxy.url, '--media-port', '0', '--profile-out', join(dir, 'p.json')];
    const serve = spawn(process.execPath, [BIN, ...args]);
    let stderr = '';
    serve.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    const line = await new Promise<string>((resolve, reject) => {
      serve.stdout.on('data', (d: Buffer) => {
        if (/reference target on/.test(String(d))) resolve(String(d));
      });
      serve.once('exit', (code) => reject(new Error(`serve-reference exited (${code}) before it listened: ${stderr}`)));
    });
    try {
      const [, url, where, media] = /reference target on (\S+) \(listening on (\S+); pictures and photo files on (\S+); profile: /.exec(line) ?? [];
      expect(url).toBe(proxy.url);
      listening = `http://${where}`;
      expect(media).not.toBe(proxy.url);
      const profile = JSON.parse(await readFile(join(dir, 'p.json'), 'utf8'));
      expect([profile.base_url, profile.auth_url, profile.imgnet_base_url, profile.control_url]).toEqual([proxy.url, proxy.url, proxy.url, `${proxy.url}/_control`]);
      const rules = ['feed.get-walk-each-post-once', 'product-feed.after-cursor-gives-next-page', 'feed.full-picture-at-most-720', 'photos.location-removed-before-publishing'];
      const out = await runCli(['run', '--profile', join(dir, 'p.json'), ...rules.flatMap((r) => ['--rule', r]), '--report-dir', dir, '--seed', '3']);
      const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
      const verdicts = report.results.map((r: { rule: string; verdict: string }) => `${r.rule}: ${r.verdict}`).sort();
      expect(verdicts).toEqual(rules.map((r) => `${r}: passed`).sort());
      expect(out.code).toBe(0);
      expect(proxy.connections()).toBeGreaterThan(0);
    } finally {
      serve.kill('SIGTERM');
      await proxy.close();
    }
  });
});
