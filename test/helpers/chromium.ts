import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`.ci/run` installs it); never a browser a test tool downloads. */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Whether Chromium is here; when it is not, says so on stderr under the test's name, so a skip is never silent. */
export function chromiumPresent(test: string): boolean {
  if (existsSync(CHROMIUM)) return true;
  process.stderr.write(`${test}: skipped: no ${CHROMIUM}; install Debian's chromium package (.ci/run does)\n`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}
