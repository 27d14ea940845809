import type { Block } from '../coverage/markdown-blocks.js';
import { SweepError } from '../errors.js';
import type { Citation } from '../model/index.js';
import type { Rule } from '../suite/suite.js';
import type { Expectation, Step } from '../suite/step.js';
import { codesSeenOn, type ListedCode } from './errors-table.js';
import { casesOf } from './sweep-cases.js';
import { type CaseDraft, type CaseOutcome, SWEEP_KINDS, type SweepKind } from './case-draft.js';
import type { ExplicitCase, SweepFile, SweepOperation } from './sweep-declaration.js';
import { placed } from './case-body.js';
import { type SweptParam, sweptParams } from './swept-params.js';

/** A group of a `cases:` step as the generated suite writes it. */
interface GroupOut {
  with?: Record<string, unknown>;
  control?: false | 'last';
  cases: { name: string; with: Record<string, unknown>; expect: Expectation[]; why: string }[];
}

const TOKEN_CITE: Citation = { section: 'What the service does', text: 'Requests carry an access token in the parameter `access_token`.' };

const TITLES: Record<SweepKind, string> = {
  tokens: 'without `access_token`, or with a token never issued, is refused',
  bounds: 'each stated bound is accepted, one past it refused',
  listed: 'every listed value is accepted, a near miss refused',
  types: 'a value of another type than stated is refused',
  required: 'each required part left out is refused',
  defaults: 'a parameter left out counts as its stated default',
};

/** The rules one sweep declaration makes: per operation, one per kind that has cases. */
export function sweepRules(file: SweepFile, blocks: Block[]): Rule[] {
  return file.operations.flatMap((op, o) => {
    const where = `/operations/${o}`;
    const params = sweptParams(blocks, op, where);
    const codes = codesSeenOn(blocks, op.errors_as ?? []);
    return SWEEP_KINDS.flatMap((kind) => {
      const built = kind === 'tokens' ? tokenGroups(op, codes) : paramGroups(kind, op, params, codes, where);
      const explicit = (op.explicit ?? []).filter((c) => c.kind === kind);
      const groups = [...built.groups, ...explicit.map((c) => explicitGroup(op, c))];
      if (groups.length === 0) return [];
      const cites = dedupe([...built.cites, ...explicit.map((c) => c.cite)]);
      const readings = [...new Set([...built.readings, ...explicit.flatMap((c) => c.readings ?? [])])].sort();
      return [ruleOf(file.area, kind, op, named(op, groups), cites, readings)];
    });
  });
}

function ruleOf(area: string, kind: SweepKind, op: SweepOperation, groups: GroupOut[], cites: Citation[], readings: string[]): Rule {
  const base = op.as === 'subscribe' ? { ...op.request } : { ...op.request, token: op.token };
  const step: Step = { cases: { ...(op.as ? { as: op.as } : {}), base, groups } };
  return {
    id: `sweep.${area}.${kind}.${op.name}`,
    title: `${op.title}: ${TITLES[kind]}`,
    strength: 'MUST',
    origin: 'sweep',
    cites,
    ...(readings.length ? { readings } : {}),
    // The declaration's setup makes what the operation acts on: its failure leaves the rule unjudged, not failed.
    steps: [...((op.setup ?? []) as Step[]).map((s) => ({ ...s, setup: true })), step],
  };
}

interface Built {
  groups: GroupOut[];
  cites: Citation[];
  readings: string[];
}

/** No token, and a token never issued: refused, 190 where the Errors table lists it for the operation. */
function tokenGroups(op: SweepOperation, codes: ListedCode[]): Built {
  if (op.tokens === false) return { groups: [], cites: [], readings: [] };
  const invalidToken = codes.find((c) => c.code === 190);
  const paths = [undefined, ...(op.also ?? [])];
  // A DELETE sent first as the control would remove what its cases then act on: they go first (refused, they
  // change nothing), the control after them, in the state they met (R51).
  const consumes = String((op.request as { method?: unknown }).method ?? '').toUpperCase() === 'DELETE';
  const groups: GroupOut[] = paths.map((path) => ({
    ...(path ? { with: { path } } : {}),
    ...(consumes ? { control: 'last' as const } : {}),
    cases: [
      { name: `${shownPath(path)}without access_token`, with: { token: 'none' }, expect: ['error'], why: 'requests carry an access token' },
      {
        name: `${shownPath(path)}with a token never issued`,
        with: { token: 'unissued' },
        expect: invalidToken ? [{ error: { code: [190] } }] : ['error'],
        why: invalidToken ? '190: invalid OAuth 2.0 access token' : 'no token of the target',
      },
    ],
  }));
  const requirements = op.requirements ? [{ section: op.section, text: op.requirements }] : [];
  return { groups, cites: [TOKEN_CITE, ...requirements, ...(invalidToken ? [invalidToken.cite] : [])], readings: [] };
}

/** Another path of the operation as a case's name shows it: `/{video_id}/comments `. */
function shownPath(path: string | undefined): string {
  return path ? `${path.replace(/\{\{\s*(?:fixtures|app)\.(\w+)\s*\}\}/g, '{$1}')} ` : '';
}

/** One group per parameter with cases of this kind: the parameter valid (the control), then each case. */
function paramGroups(kind: SweepKind, op: SweepOperation, params: SweptParam[], codes: ListedCode[], where: string): Built {
  const invalid = [100, ...(codes.some((c) => c.code === 131009) ? [131009] : [])];
  const out: Built = { groups: [], cites: [], readings: [] };
  for (const p of params) {
    const drafts = casesOf(kind, p);
    if (drafts.length === 0) continue;
    const refusing = drafts.some((d) => d.outcome !== 'accepted');
    if (refusing && p.valid === undefined) {
      throw new SweepError(`${where}/overrides`, `${p.name} has ${kind} cases to refuse but no valid value for their control: add overrides."${p.name}".valid (or skip)`);
    }
    const groupTop = p.valid === undefined ? undefined : placed(op, p, p.valid, params);
    // Cases are merged over the group's body, which holds the parameter valid (or the base's, without a valid value).
    out.groups.push({
      ...(groupTop ? { with: groupTop } : {}),
      ...(refusing ? {} : { control: false as const }),
      cases: drafts.map((d) => ({ name: d.name, with: placed(op, p, d.value, params, p.valid), expect: expectOf(d.outcome, invalid, p, kind), why: d.why })),
    });
    out.cites.push(p.cite);
    out.readings.push(...(p.override?.readings ?? []), ...drafts.flatMap((d) => d.readings ?? []));
    if (kind !== 'required' && p.path.length > 1 && intInside(p)) out.readings.push('R52');
  }
  if (out.groups.length && kind !== 'required') {
    out.readings.push('R1');
    out.cites.push(...codes.filter((c) => invalid.includes(c.code)).map((c) => c.cite));
  }
  return out;
}

function intInside(p: SweptParam): boolean {
  return p.type.kind === 'int' || (p.type.kind === 'list' && p.type.of.kind === 'int');
}

/** A declared refusal (the message the text states past a bound) binds the bound cases only. */
function expectOf(outcome: CaseOutcome, invalid: number[], p: SweptParam, kind: SweepKind): Expectation[] {
  if (outcome === 'accepted') return ['ok'];
  if (outcome === 'refused') return ['error'];
  const codes = [...invalid, ...(p.override?.codes ?? []).filter((c) => !invalid.includes(c))];
  return [{ error: { code: codes, ...(kind === 'bounds' ? (p.refusal ?? {}) : {}) } }];
}

/** A case written in the declaration whole (a stated default, a file that is not an image): its own group. */
function explicitGroup(op: SweepOperation, c: ExplicitCase): GroupOut {
  const expect: Expectation[] = c.expect === 'accepted' ? ['ok'] : c.expect === 'refused' ? ['error'] : [{ error: c.expect }];
  return { ...(c.control ? { with: c.control } : {}), ...(c.expect === 'accepted' ? { control: false as const } : {}), cases: [{ name: c.name, with: c.with, expect, why: c.why }] };
}

/**
 * Where the operation names a part unique per case (`form.name`: a template may not be created twice), every
 * group's control and case gets its own, unless the case leaves that part out.
 */
function named(op: SweepOperation, groups: GroupOut[]): GroupOut[] {
  if (!op.unique) return groups;
  const [at, key] = op.unique.split('.') as [string, string];
  const name = (suffix: string) => `graphcheck_sweep_{{unique}}_${suffix}`;
  const set = (w: Record<string, unknown> | undefined, suffix: string): Record<string, unknown> => {
    const part = (w?.[at] ?? {}) as Record<string, unknown>;
    if (key in part && part[key] === null) return w ?? {};
    return { ...w, [at]: { ...part, [key]: part[key] ?? name(suffix) } };
  };
  return groups.map((g, i) => ({
    ...g,
    with: set(g.with, `${i + 1}`),
    cases: g.cases.map((c, j) => ({ ...c, with: set(c.with, `${i + 1}_${j + 1}`) })),
  }));
}

function dedupe(cites: Citation[]): Citation[] {
  const seen = new Set<string>();
  return cites.filter((c) => !seen.has(`${c.section}\n${c.text}`) && seen.add(`${c.section}\n${c.text}`));
}

export type { CaseDraft };
