import { basename } from 'node:path';
import { at, UserInputError } from '../errors.js';
import type { Citation } from '../model/index.js';
import type { ReasonKind, Suite } from '../suite/suite.js';
import type { CiteMatcher } from './cite-matcher.js';
import type { Readings } from './readings.js';
import type { ReasonsFile } from './reasons-file.js';
import type { Statement } from './spec-statements.js';

/** Why a statement is judged by no rule, and who says so. */
export interface Reason {
  kind: ReasonKind;
  /** One line. */
  why: string;
  /** Who gives it: the spec's own "not shown", a suite's `not_checkable` list, or the reasons file. */
  given: 'spec' | 'suite' | 'file';
  /** `readings.md`, `suites/feed.yaml`, `coverage/reasons.yaml`. */
  source: string;
  reading?: string;
}

type Found = Map<string, Reason[]>;

function add(found: Found, statements: Statement[], reason: Reason): void {
  for (const s of statements) found.set(s.id, [...(found.get(s.id) ?? []), reason]);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The spec itself says "not shown": the reading of table A whose text it is says what must not be asserted. */
export function notShownReasons(statements: Statement[], readings: Readings, matcher: CiteMatcher, found: Found): void {
  const readingOf = new Map<string, Readings['notShown'][number]>();
  for (const reading of readings.notShown) {
    for (const s of matcher.quoted({ section: '', text: reading.text })) readingOf.set(s.id, reading);
  }
  for (const s of statements.filter((st) => /\bnot shown\b/.test(st.normalised))) {
    const reading = readingOf.get(s.id);
    const why = reading
      ? `the spec says it is not shown; a suite must not assert: ${oneLine(reading.mustNotAssert)}`
      : 'the spec says it is not shown';
    const source = { given: 'spec', source: 'readings.md' } as const;
    add(found, [s], { kind: 'not-shown', why, ...source, ...(reading ? { reading: reading.id } : {}) });
  }
}

/** A suite's `not_checkable:` entries; a spec cite among them that quotes nothing is the suite's mistake. */
export function notCheckableReasons(suites: Suite[], matcher: CiteMatcher, found: Found): void {
  for (const suite of suites) {
    (suite.not_checkable ?? []).forEach((entry, n) => {
      const reason: Reason = { kind: entry.kind, why: oneLine(entry.why), given: 'suite', source: `suites/${basename(suite.file)}` };
      entry.cites.forEach((cite, c) => {
        if (isContractCite(cite)) return;
        const quoted = matcher.quoted(cite);
        if (quoted.length === 0) {
          const line = suite.lineOf(`/not_checkable/${n}/cites/${c}/text`);
          throw new UserInputError('SUITE_INVALID', at(suite.file, line, unmatched(cite)));
        }
        add(found, quoted, reason);
      });
    });
  }
}

/** The reasons file's entries; a cite that quotes nothing, or a reading that does not exist, is a mistake. */
export function fileReasons(reasons: ReasonsFile, readings: Readings, matcher: CiteMatcher, found: Found): void {
  const source = `coverage/${basename(reasons.file)}`;
  reasons.reasons.forEach((entry, n) => {
    if (entry.reading && !readings.ids.has(entry.reading)) {
      const line = reasons.lineOf(`/reasons/${n}/reading`);
      throw new UserInputError('REASONS_INVALID', at(reasons.file, line, `reading ${entry.reading} is not in readings.md`));
    }
    const reason: Reason = { kind: entry.kind, why: entry.why, given: 'file', source, ...(entry.reading ? { reading: entry.reading } : {}) };
    entry.cites.forEach((cite, c) => {
      const quoted = matcher.quoted(cite);
      if (quoted.length === 0) {
        throw new UserInputError('REASONS_INVALID', at(reasons.file, reasons.lineOf(`/reasons/${n}/cites/${c}/text`), unmatched(cite)));
      }
      add(found, quoted, reason);
    });
  });
}

/** Rules and lists may quote the target contract (`section: Contract §3.2`), which holds no spec statement. */
export function isContractCite(cite: Citation): boolean {
  return /^contract\b/i.test(cite.section);
}

function unmatched(cite: Citation): string {
  const text = cite.text.length > 60 ? `${cite.text.slice(0, 57)}...` : cite.text;
  return `the cite "${text}" (${cite.section}) matches no statement of the spec; quote the spec's words exactly`;
}
