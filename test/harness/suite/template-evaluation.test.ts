import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TemplateError } from '../../../harness/errors.js';
import { exceptValues, flattenValues } from '../../../harness/generators/except-values.js';
import { interpolateEnv, type MissingVariable } from '../../../harness/profile/interpolate.js';
import { mergeBody } from '../../../harness/suite/merge-body.js';
import { checkSyntax, Evaluated, evaluate, evaluateExpression, expressionsIn } from '../../../harness/suite/template.js';

// What a suite's `{{ }}` templates evaluate to, how a control's `with` merges over a step's body, and how a
// profile's `${ENV}` values are filled: the text every rule runs through before a request is sent.

const scope = { given: { n: 7, limit: 101, list: ['a', 'b'], text: 'x y' }, clock: { now: 1000 }, captured: { ids: ['p1', 'p2'] } };

describe('template expressions', () => {
  it.each<[string, unknown]>([
    ['given.limit', 101],
    ['given.limit + 1', 102],
    ['given.limit - 1 - 1', 99],
    ['2 * given.n + 1', 15],
    ['1 + 2 * 3', 7],
    ['clock.now - 2 * 3 + 1', 995],
    ['1.5 * 2', 3],
    ["'a' + 'b'", 'ab'],
    ["given.n + 'px'", '7px'],
    ["'n=' + given.n + 1", 'n=71'],
    ['captured.ids[1]', 'p2'],
    ['captured.ids.length', 2],
    ['given.list', ['a', 'b']],
  ])('{{ %s }} is %j', (expression, value) => {
    expect(evaluateExpression(expression, scope)).toEqual(value);
  });

  it.each<[string, RegExp]>([
    ['given.nope', /"given\.nope" is not defined here/],
    ['given.n +', /incomplete expression/],
    ['+ 1', /incomplete expression/],
    ['given.n given.n', /incomplete expression/],
    ['given.n / 2', /cannot read "\/ 2"/],
    ['given.n ; 1', /cannot read "; 1"/],
  ])('{{ %s }} is refused', (expression, message) => {
    expect(() => evaluateExpression(expression, scope)).toThrow(TemplateError);
    expect(() => evaluateExpression(expression, scope)).toThrow(message);
  });

  it('syntax is checked at load without a scope: names are not looked up then', () => {
    expect(() => checkSyntax('given.anything + 1')).not.toThrow();
    expect(() => checkSyntax('given.anything +')).toThrow(/incomplete expression/);
  });
});

describe('templates in suite values', () => {
  it.each<[string, unknown, unknown]>([
    ['a whole-string template keeps its type', '{{given.limit}}', 101],
    ['spaces inside the braces', '{{  given.limit  }}', 101],
    ['text around a template is joined as text', 'limit={{given.limit}}', 'limit=101'],
    ['two templates in one string', '{{given.n}}-{{given.n}}', '7-7'],
    ['a list inside text is written as JSON', 'ids: {{given.list}}', 'ids: ["a","b"]'],
    ['text without a template is itself', 'plain', 'plain'],
    ['objects and lists are evaluated all through', { q: ['{{given.n}}', { deep: '{{captured.ids[0]}}' }] }, { q: [7, { deep: 'p1' }] }],
    ['numbers, booleans and null are themselves', [1, true, null], [1, true, null]],
  ])('%s', (_, value, evaluated) => {
    expect(evaluate(value, scope)).toEqual(evaluated);
  });

  it('never reads a value already evaluated as a template again', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(evaluate(new Evaluated(text), scope)).toBe(text);
        expect(evaluate({ a: new Evaluated(`{{${text}}}`) }, scope)).toEqual({ a: `{{${text}}}` });
      }),
    );
  });

  it('lists the expressions a value holds, none inside what was evaluated', () => {
    expect(expressionsIn({ a: '{{given.n}} and {{ clock.now }}', b: ['{{x.y}}', 3], c: new Evaluated('{{no}}') })).toEqual(['given.n', 'clock.now', 'x.y']);
  });
});

describe("a control's `with` merged over a step's body (R51)", () => {
  it.each<[string, unknown, unknown, unknown]>([
    ['objects merge key by key', { query: { limit: 101, fields: 'id' } }, { query: { limit: 10 } }, { query: { limit: 10, fields: 'id' } }],
    ['null removes a key', { query: { limit: 101, fields: 'id' } }, { query: { limit: null } }, { query: { fields: 'id' } }],
    ['a list replaces a list, never merged item by item', { form: { ids: [1, 2, 3] } }, { form: { ids: [9] } }, { form: { ids: [9] } }],
    ['a value replaces an object', { form: { targeting: { age_min: 13 } } }, { form: { targeting: 'none' } }, { form: { targeting: 'none' } }],
    ['an object replaces a value', { form: { targeting: 'none' } }, { form: { targeting: { age_min: 13 } } }, { form: { targeting: { age_min: 13 } } }],
    ['a key the body lacks is added', { query: {} }, { query: { after: 'c' } }, { query: { after: 'c' } }],
    ['an empty `with` keeps the body', { query: { limit: 1 } }, {}, { query: { limit: 1 } }],
  ])('%s', (_, body, overlay, merged) => {
    expect(mergeBody(body, overlay)).toEqual(merged);
  });

  it('leaves the body it merges over as it was', () => {
    const body = { query: { limit: 101 } };
    mergeBody(body, { query: { limit: 1, extra: 2 } });
    expect(body).toEqual({ query: { limit: 101 } });
  });

  it('reaches into a part written as one template when given a scope, keeping what it evaluated as evaluated', () => {
    const merged = mergeBody({ form: '{{given.extra}}' }, { form: { b: 2 } }, { given: { extra: { a: '{{not.a.template}}', b: 1 } } }) as { form: Record<string, unknown> };
    expect(merged.form.b).toBe(2);
    expect(merged.form.a).toBeInstanceOf(Evaluated);
    expect(evaluate(merged, {})).toEqual({ form: { a: '{{not.a.template}}', b: 2 } });
  });

  it('without a scope (at load) replaces a part written as a template', () => {
    expect(mergeBody({ form: '{{given.extra}}' }, { form: { b: 2 } })).toEqual({ form: { b: 2 } });
  });
});

describe("a profile's ${ENV} values", () => {
  it('are filled from the environment in every string, at any depth', () => {
    const missing: MissingVariable[] = [];
    const filled = interpolateEnv({ tokens: { page: '${PAGE}' }, list: ['a-${X}-b', 3], base_url: 'http://h' }, { PAGE: 'EAA1', X: 'x' }, missing);
    expect(filled).toEqual({ tokens: { page: 'EAA1' }, list: ['a-x-b', 3], base_url: 'http://h' });
    expect(missing).toEqual([]);
  });

  it('left as written when the environment lacks them, each listed with where it is used', () => {
    const missing: MissingVariable[] = [];
    const filled = interpolateEnv({ tokens: { page: '${PAGE}', user: '${USER_TOKEN}' }, list: ['${PAGE}'] }, {}, missing);
    expect(filled).toEqual({ tokens: { page: '${PAGE}', user: '${USER_TOKEN}' }, list: ['${PAGE}'] });
    expect(missing).toEqual([
      { name: 'PAGE', path: '/tokens/page' },
      { name: 'USER_TOKEN', path: '/tokens/user' },
      { name: 'PAGE', path: '/list/0' },
    ]);
  });

  it('only ${NAME} with a name a shell could set: $NAME and ${1X} are text', () => {
    expect(interpolateEnv('$PAGE ${1X} ${A_1}', { PAGE: 'p', A_1: 'a' })).toBe('$PAGE ${1X} a');
  });

  it('an empty variable counts as set', () => {
    expect(interpolateEnv('[${E}]', { E: '' })).toBe('[]');
  });
});

describe('values except some', () => {
  it('draw from a finite list less the excluded ones, compared as data', () => {
    const values = fc.sample(exceptValues(fc.constant(null), [{ v: 1 }, 'b'], [{ v: 1 }, { v: 2 }, 'a', 'b']), 50);
    expect(new Set(values.map((v) => JSON.stringify(v)))).toEqual(new Set(['{"v":2}', '"a"']));
  });

  it('filter an open generator', () => {
    expect(fc.sample(exceptValues(fc.integer({ min: 0, max: 3 }), [0, 1, 2]), 20).every((v) => v === 3)).toBe(true);
  });

  it('refuse to exclude every choice', () => {
    expect(() => exceptValues(fc.constant(1), [1, 2], [1, 2])).toThrow(/leaves no value/);
  });

  it('flatten lists a template gave', () => {
    expect(flattenValues(['v24.0', ['v25.0', 'v26.0']])).toEqual(['v24.0', 'v25.0', 'v26.0']);
    expect(flattenValues('v1')).toEqual(['v1']);
  });
});
