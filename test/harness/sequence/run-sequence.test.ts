import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../harness/model/index.js';
import { runSequences } from '../../../harness/sequence/run-sequence.js';
import type { SequenceExecution, SequenceHost } from '../../../harness/sequence/sequence-host.js';
import type { SequenceSpec } from '../../../harness/suite/sequence-spec.js';
import type { Rule } from '../../../harness/suite/suite.js';
import type { Step } from '../../../harness/suite/step.js';
import { evaluate, type Scope } from '../../../harness/suite/template.js';

/** A comments rule as a suite would declare it, small: comment, reply, delete, read the top-level list. */
const SPEC: SequenceSpec = {
  model: { comments: [] },
  max_operations: 8,
  finally: ['read'],
  operations: [
    {
      name: 'comment',
      step: { request: { method: 'POST', path: '/post/comments' }, expect: ['ok'], capture: { id: 'body.id' } },
      effect: [{ add: { to: 'comments', item: { id: '{{captured.id}}', level: 'top', deleted: false } } }],
    },
    {
      name: 'reply',
      pick: { comment: { from: 'comments', where: { level: 'top', deleted: false } } },
      step: { request: { method: 'POST', path: '/{{picked.comment.id}}/comments' }, expect: ['ok'], capture: { id: 'body.id' } },
      effect: [{ add: { to: 'comments', item: { id: '{{captured.id}}', level: 'reply', deleted: false } } }],
    },
    {
      name: 'delete',
      pick: { comment: { from: 'comments', where: { level: 'top', deleted: false } } },
      step: { request: { method: 'DELETE', path: '/{{picked.comment.id}}' }, expect: ['ok'] },
      effect: [{ update: { in: 'comments', item: 'comment', set: { deleted: true } } }],
    },
    {
      name: 'read',
      step: { request: { method: 'GET', path: '/post/comments' }, expect: ['ok'] },
      judge: [{ listed: { in: 'comments', where: { level: 'top', deleted: false }, absent: [{ deleted: true }] } }],
    },
  ],
};

const RULE = { id: 'comments.sequence-test', title: 't', strength: 'MUST', cites: [], steps: [], sequence: SPEC } as unknown as Rule;

/** An in-memory comments service; with `bug`, a comment that has replies survives its delete. */
function host(bug: boolean): SequenceHost & { sequences: number } {
  const state = { sequences: 0 };
  return {
    get sequences() {
      return state.sequences;
    },
    execution(): SequenceExecution {
      state.sequences += 1;
      const comments: { id: string; parent?: string; deleted: boolean }[] = [];
      const evidence: Exchange[] = [];
      const answer = (method: string, path: string, body: unknown) => {
        const exchange = { request: { method, url: `http://t${path}`, headers: {} }, response: { status: 200, headers: {}, body: JSON.stringify(body) } } as unknown as Exchange;
        evidence.push(exchange);
        return { findings: [], judged: 1, exchanges: [exchange], bodies: [body] };
      };
      return {
        evidence,
        now: () => Promise.resolve(0),
        setup: () => Promise.reject(new Error('no setup')),
        step: (step: Step, scope: Scope) => {
          const { method, path } = evaluate((step as { request: { method: string; path: string } }).request, scope) as { method: string; path: string };
          const captured = scope.captured as Record<string, unknown>;
          if (method === 'POST') {
            const id = String(100 + comments.length);
            const parent = path === '/post/comments' ? undefined : path.split('/')[1];
            comments.push({ id, ...(parent ? { parent } : {}), deleted: false });
            captured.id = id;
            return Promise.resolve(answer(method, path, { id }));
          }
          if (method === 'DELETE') {
            const id = path.slice(1);
            const replied = comments.some((c) => c.parent === id);
            const comment = comments.find((c) => c.id === id);
            if (comment && !(bug && replied)) comment.deleted = true;
            return Promise.resolve(answer(method, path, { success: true }));
          }
          return Promise.resolve(answer(method, path, { data: comments.filter((c) => !c.parent && !c.deleted).map(({ id }) => ({ id })) }));
        },
      };
    },
  };
}

const run = (replay?: string) => ({ seed: 7, runs: 30, scopeOf: (n: number) => ({ unique: `u${n}` }), timeLimitMs: 20_000, ...(replay ? { replay } : {}) });

describe('runSequences', () => {
  it('passes a correct service and counts what it judged', async () => {
    const outcome = await runSequences(RULE, host(false), run());
    expect(outcome.findings).toEqual([]);
    expect(outcome.runs).toBe(30);
    expect(outcome.judged).toBeGreaterThan(0);
  });

  it('shrinks a fault to the few operations that show it, and its path replays exactly that sequence once', async () => {
    const outcome = await runSequences(RULE, host(true), run());
    expect(outcome.findings[0]?.message).toMatch(/^comments \d+ is listed, though the model holds it gone/);
    const names = outcome.story!.operations.map((o) => o.operation);
    expect(names).toEqual(['comment', 'reply', 'delete', 'read']);
    expect(outcome.path).toMatch(/^\d+(:\d+)*@/);
    const again = host(true);
    const replayed = await runSequences(RULE, again, run(outcome.path));
    expect(replayed.story!.operations.map((o) => o.operation)).toEqual(names);
    expect(replayed.runs).toBe(1);
  });
});
