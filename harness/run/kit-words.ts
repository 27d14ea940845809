import { AREA_NAMES, AREAS, CAPABILITIES, FIXTURE_NAMES, TOKEN_NAMES } from '../profile/vocabulary.js';
import { endpointsOf } from '../suite/rule-endpoints.js';
import type { Suite } from '../suite/suite.js';
import { endpointOf } from '../verdict/cause.js';
import type { RunPlan } from './run-plan.js';

/** The profile's keys as reasons name them (`tokens.user`, `fixtures.page_id`, `app.access_token`). */
const PROFILE_KEYS = [
  ...TOKEN_NAMES.map((name) => `tokens.${name}`),
  ...FIXTURE_NAMES.map((name) => `fixtures.${name}`),
  ...['id', 'secret', 'access_token', 'redirect_uris', 'live'].map((key) => `app.${key}`),
  'control_url',
  'base_url',
  'auth_url',
  'imgnet_base_url',
  'webhooks.receiver_host',
];

/**
 * The words graphcheck writes itself where they meet what others wrote in one text (a reason, a finding's message,
 * a cause, a replay line, a console line), for the output edge to keep (harness/redaction/kit-words.ts): every rule
 * id, the endpoints the rules send to as reasons and causes name them, the phrases skip reasons are made of (the
 * profile's keys, the areas, the control capabilities), and the files and fault switches the user gave the command.
 */
export function kitWordsOf(suites: Suite[], plan?: RunPlan): string[] {
  const words: string[] = [...PROFILE_KEYS];
  for (const suite of suites) {
    for (const rule of suite.rules) {
      words.push(rule.id);
      for (const endpoint of endpointsOf(rule)) {
        const [method, path = ''] = endpoint.split(' ');
        words.push(endpoint, path, endpointOf(method ?? '', path));
      }
    }
  }
  for (const area of AREA_NAMES) words.push(`the ${area} area`, ...AREAS[area].paths);
  for (const capability of CAPABILITIES) words.push(`the control capability "${capability}"`);
  return plan ? [...words, ...planWords(plan)] : words;
}

/** The files a command was given and the fault switches it turned on: the user's words to the kit, no secrets. */
function planWords(plan: RunPlan): string[] {
  const { target, report } = plan;
  const words = [report.dir, plan.suitesDir, plan.caDir, report.baseline];
  if (target.kind === 'reference') words.push(...target.faults, target.faults.join(','));
  if (target.kind === 'url') words.push(target.profile);
  if (target.kind === 'cassette' || target.kind === 'traffic') words.push(target.file);
  if (target.kind === 'traffic') words.push(target.profile);
  return words.filter((word): word is string => word !== undefined && word !== '');
}
