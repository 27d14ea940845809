import { open } from 'node:fs/promises';
import { openCassette } from '../../harness/cassette/cassette-reader.js';
import { requireCassetteFile } from '../../harness/cassette/cassette-file.js';
import { isGzipFile } from '../../harness/cassette/gzip-file.js';
import { readForeignTraffic } from '../../harness/cassette/read-foreign.js';
import { UserInputError } from '../../harness/errors.js';
import type { Exchange } from '../../harness/model/index.js';
import { checkTraffic } from '../../harness/passive/check-traffic.js';
import { loadProfileFile } from '../../harness/profile/load-profile.js';
import { profileSecrets } from '../../harness/profile/profile.js';
import { consoleReporter } from '../../harness/reports/console-reporter.js';
import { type OutputEdge, outputEdge } from '../../harness/reports/output-edge.js';
import { reportersFor } from '../../harness/reports/reporters-for.js';
import { assertReportDir, clearReports } from '../../harness/reports/write-report.js';
import { exitCodeFor } from '../../harness/verdict/gate.js';
import { REPORT_FORMATS } from '../../harness/reports/report-files.js';
import { loadSuitesIndexed } from '../../harness/engine/suite-index.js';
import { assertSelection } from '../../harness/suite/select-rules.js';
import { listFlag } from '../flags.js';

/** For callers that register this one command on a program of their own. */
export { register } from '../declarations/check.js';

export interface CheckFlags {
  cassette: string;
  /** `service` (default): the target's answers; `client`: the caller's own requests. */
  side?: string;
  profile?: string;
  rule?: string[];
  reportDir: string;
  suitesDir: string;
  verbose?: boolean;
  showSecrets?: boolean;
}

const DEFAULT_ERROR_PATHS = { code: 'error.code', subcode: 'error.error_subcode', message: 'error.message', type: 'error.type' };


/** `env`: what the profile's `${ENV}` values read. */
export async function checkCommand(flags: CheckFlags, print: (text: string) => void, env = process.env): Promise<number> {
  const side = sideFlag(flags.side);
  await assertReportDir(flags.reportDir);
  const suites = await loadSuitesIndexed(flags.suitesDir);
  const selection = { rules: listFlag(flags.rule), side };
  assertSelection(suites, selection, flags.suitesDir, {
    test: (rule) => rule.passive !== undefined,
    why: 'no passive: block, so recorded traffic cannot judge it; graphcheck run judges it against a target',
  });
  const profile = flags.profile ? await loadProfileFile(flags.profile, env) : undefined;
  const errorPaths = profile?.errors ?? DEFAULT_ERROR_PATHS;
  // Traffic is someone else's: redacted as it is read, before any rule judges it, with the profile's secrets and
  // what the traffic itself shows; the same edge then makes every report and console line of the result safe.
  const secrets = { appSecret: profile?.app.secret, values: profile ? profileSecrets(profile) : [] };
  const edge = outputEdge(secrets, { showSecrets: flags.showSecrets });
  const lost = { bodies: 0 };
  await clearReports(flags.reportDir);
  const say = (text: string) => print(edge.line(text));
  const exchanges = redactedAsRead(await trafficOf(flags.cassette, say), edge, lost);
  const raw = await checkTraffic(suites, { name: flags.cassette, exchanges }, { errorPaths }, selection, profile);
  const result = edge.run(raw);
  if (lost.bodies > 0) say(`${lostWords(lost.bodies)}\n`);
  const reporters = [consoleReporter(say, { traffic: true, verbose: flags.verbose }), ...reportersFor(flags.reportDir, REPORT_FORMATS)];
  for (const r of result.results) for (const reporter of reporters) reporter.onRuleEnd?.(r);
  for (const reporter of reporters) await reporter.onRunEnd?.(result);
  return exitCodeFor(result);
}

/** Each exchange through the edge as it streams past; counts the bodies that could not be decoded to be read. */
async function* redactedAsRead(
  exchanges: AsyncIterable<Exchange> | Iterable<Exchange>,
  edge: OutputEdge,
  lost: { bodies: number },
): AsyncGenerator<Exchange> {
  for await (const exchange of exchanges) {
    const read = edge.traffic(exchange);
    if (read.request.bodyLost !== undefined) lost.bodies++;
    if (read.response?.bodyLost !== undefined) lost.bodies++;
    yield read;
  }
}

function lostWords(count: number): string {
  const bodies = count === 1 ? '1 recorded body' : `${count} recorded bodies`;
  return `${bodies} could not be decoded (compressed past the size limit, or broken): not judged, kept in no report (their exchanges say why)`;
}

function sideFlag(value = 'service'): 'service' | 'client' {
  if (value === 'service' || value === 'client') return value;
  throw new UserInputError('USAGE', `--side ${value}: give service (the target's answers) or client (the caller's requests)`);
}

/** A graphcheck cassette streams; HAR and VCR files are read whole (they are small by nature). */
async function trafficOf(file: string, print: (text: string) => void): Promise<AsyncIterable<Exchange> | Exchange[]> {
  if ((await isGraphcheckCassette(file)) || (await isGzipFile(file))) {
    const cassette = await openCassette(file);
    return (async function* () {
      for await (const entry of cassette.entries()) yield { ...entry.exchange, recordedAt: entry.index };
    })();
  }
  const traffic = await readForeignTraffic(file);
  for (const note of traffic.notes) print(`${note}\n`);
  return traffic.exchanges.map((exchange, i) => ({ ...exchange, recordedAt: i }));
}

async function isGraphcheckCassette(file: string): Promise<boolean> {
  await requireCassetteFile(file);
  const handle = await open(file, 'r').catch(() => {
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the cassette; check the --cassette path`);
  });
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(400), 0, 400, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').includes('graphcheck_cassette');
  } finally {
    await handle.close();
  }
}
