/**
 * The fault table of reference/README.md, written from the reference's catalogue (`reference/fault-catalogue/`,
 * merged in `reference/faults.ts`): a new fault switch is its catalogue entry and `npm run regen`. The webhook
 * service's own switches are listed in `reference/webhooks/faults.ts` instead.
 */
import { FAULTS } from '../reference/faults.js';
import { WEBHOOK_FAULTS } from '../reference/webhook-seam.js';

export const REFERENCE_README = 'reference/README.md';
const BEGIN = '<!-- fault table: written by `npm run regen` from reference/fault-catalogue/; edit the catalogue, not this table -->';
const END = '<!-- end of the fault table -->';

/** The README with its fault table written anew between the two markers. */
export function withFaultTable(readme: string): string {
  const start = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (start === -1 || end < start) throw new Error(`${REFERENCE_README}: the fault table's markers are missing (${BEGIN} ... ${END})`);
  const rows = Object.entries(FAULTS)
    .filter(([name]) => !(name in WEBHOOK_FAULTS))
    .map(([name, fault]) => `| \`${name}\` | ${fault.area} | ${fault.description} |`);
  const table = ['| Name | Area | Bug |', '|---|---|---|', ...rows].join('\n');
  return `${readme.slice(0, start)}${BEGIN}\n${table}\n${readme.slice(end)}`;
}
