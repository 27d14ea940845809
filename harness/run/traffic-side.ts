import { readTraffic } from '../replay/recorded-traffic.js';
import type { Exchange } from '../model/index.js';
import { judgeTraffic } from '../passive/check-traffic.js';
import { loadPassiveReasons, passiveReasonsFile } from '../passive/passive-reasons.js';
import { accountLines } from '../passive/traffic-account.js';
import { loadProfileFile } from '../profile/load-profile.js';
import { DEFAULT_ERROR_PATHS, profileSecrets } from '../profile/profile.js';
import type { OutputEdge } from '../reports/output-edge.js';
import type { OpenedSide } from './side.js';
import { replayCommand } from './replay-command.js';
import type { RunPlan, TrafficPlan } from './run-plan.js';

/**
 * `graphcheck check`: the rules' `passive:` blocks over recorded traffic, the service's (default) or the client's
 * (`--side client`). Traffic is someone else's: redacted as it is read, before any rule judges it, with the
 * profile's secrets and what the traffic itself shows.
 */
export async function openTrafficSide(plan: RunPlan, target: TrafficPlan, env?: NodeJS.ProcessEnv): Promise<OpenedSide> {
  const profile = target.profile ? await loadProfileFile(target.profile, env) : undefined;
  return {
    plan,
    secrets: { appSecret: profile?.app.secret, values: profile ? profileSecrets(profile) : [] },
    heading: `graphcheck check: ${target.file} (seed ${plan.seed})\n`,
    judge: async (suites, output) => {
      const lost = { bodies: 0 };
      const exchanges = redactedAsRead(await readTraffic(target.file, (note) => output.say(`${note}\n`)), output.edge, lost);
      const reasons = await loadPassiveReasons(passiveReasonsFile(plan.suitesDir), suites);
      const judging = {
        ctx: { errorPaths: profile?.errors ?? DEFAULT_ERROR_PATHS },
        selection: plan.selection,
        ...(profile ? { profile } : {}),
        replayCommand: (id: string) => replayCommand(plan, id),
        seed: plan.seed,
      };
      const { run, account } = await judgeTraffic(suites, { name: target.file, exchanges }, judging, reasons);
      if (lost.bodies > 0) output.say(`${lostWords(lost.bodies)}\n`);
      // What was judged, and why the rest was not: the rules a recording reaches are few, and each reason says why.
      if (!plan.output.quiet) output.say(`${accountLines(account, plan.output.verbose).join('\n')}\n`);
      for (const result of run.results) output.events.emit('ruleEnd', result);
      return run;
    },
    close: async () => {},
  };
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
