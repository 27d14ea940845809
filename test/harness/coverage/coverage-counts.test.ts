import { describe, expect, it } from 'vitest';
import { countCoverage } from '../../../harness/coverage/coverage-counts.js';
import { coverageMap } from '../../../harness/coverage/coverage-map.js';
import type { Judge } from '../../../harness/coverage/judges.js';
import { parseReadings } from '../../../harness/coverage/readings.js';
import { specStatements } from '../../../harness/coverage/spec-statements.js';

const SPEC = `# Spec

## Feed

Only a hand rule judges this. Only a sweep judges this. Both judge this. A weaker sweep quotes this.
`;

const judge = (id: string, text: string, more: Partial<Judge> = {}): Judge => ({
  id,
  title: id,
  cites: [{ section: 'Feed', text }],
  side: 'service',
  strength: 'MUST',
  origin: 'hand',
  ...more,
});

describe('what the coverage counts as judged', () => {
  // Issue 30: a statement a generated rule alone judges at its strength is judged, and counted apart as the sweeps'.
  it('counts a statement a sweep rule alone judges at its strength as judged, by sweeps alone', () => {
    const judges = [
      judge('demo.hand', 'Only a hand rule judges this.'),
      judge('sweep.alone', 'Only a sweep judges this.', { origin: 'sweep' }),
      judge('demo.both', 'Both judge this.'),
      judge('sweep.both', 'Both judge this.', { origin: 'sweep' }),
      judge('sweep.weak', 'A weaker sweep quotes this.', { origin: 'sweep', strength: 'SHOULD' }),
    ];
    const map = coverageMap(specStatements(SPEC), judges, [], parseReadings(''));
    expect(map.entries.map((e) => e.status)).toEqual(['judged', 'judged', 'judged', 'should-only']);
    expect(countCoverage(map.entries)).toEqual({
      statements: 4,
      judged: 3,
      byHand: 2,
      bySweeps: 2,
      bySweepsAlone: 1,
      shouldOnly: 1,
      clientOnly: 0,
      reasoned: 0,
      uncovered: 0,
    });
  });
});
