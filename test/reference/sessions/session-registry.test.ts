import { describe, expect, it } from 'vitest';
import { main } from '../../../bin/main.js';
import { GraphError } from '../../../reference/graph-error.js';
import { DEFAULT_MAX_SESSIONS } from '../../../reference/index.js';
import { createSessionRegistry, SESSION_IDLE_MS } from '../../../reference/sessions/session-registry.js';

/** A registry of plain worlds that note when they are closed, on a wall clock the test moves. */
function registry(limit: number) {
  const wall = { now: 1_000_000 };
  const closed: string[] = [];
  const sessions = createSessionRegistry<{ id: string }>({
    limit,
    open: (id) => ({ id }),
    close: (world) => closed.push(world.id),
    wallNow: () => wall.now,
  });
  return { sessions, wall, closed };
}

const thrown = (action: () => unknown): GraphError => {
  try {
    action();
  } catch (error) {
    if (error instanceof GraphError) return error;
    throw error;
  }
  throw new Error('expected a GraphError');
};

describe('the session registry', () => {
  it('refuses a session past the limit with 429, and serves again once one is dropped', () => {
    const { sessions, closed } = registry(2);
    const first = sessions.open();
    const second = sessions.open();
    const refused = thrown(() => sessions.open());
    expect([refused.status, refused.code]).toEqual([429, 4]);
    sessions.drop(first.id);
    expect(closed).toEqual([first.id]);
    const third = sessions.open();
    expect(sessions.ids()).toEqual([second.id, third.id]);
  });

  it('never gives an id twice: a dropped id stays unknown (404)', () => {
    const { sessions, closed } = registry(1);
    const { id } = sessions.open();
    sessions.drop(id);
    expect(sessions.open().id).not.toBe(id);
    expect(sessions.find(id)).toBeUndefined();
    expect(thrown(() => sessions.drop(id)).status).toBe(404);
    expect(closed).toEqual([id]);
  });

  it('drops a session idle for more than an hour of wall time, and a request keeps one alive', () => {
    const { sessions, wall, closed } = registry(5);
    const idle = sessions.open();
    const used = sessions.open();
    wall.now += SESSION_IDLE_MS;
    expect(sessions.find(used.id)).toEqual({ id: used.id });
    expect(sessions.ids()).toEqual([idle.id, used.id]);
    wall.now += 1;
    expect(sessions.find(used.id)).toEqual({ id: used.id });
    expect(sessions.ids()).toEqual([used.id]);
    expect(closed).toEqual([idle.id]);
    expect(thrown(() => sessions.drop(idle.id)).status).toBe(404);
  });
});

describe('serve-reference --max-sessions', () => {
  it('states the reference default in its help and refuses a value that is not a whole number', async () => {
    let out = '';
    expect(await main(['serve-reference', '--help'], { stdout: (text) => (out += text) })).toBe(0);
    expect(out.replace(/\s+/g, ' ')).toContain(`0: no sessions (default: ${DEFAULT_MAX_SESSIONS})`);
    let err = '';
    const io = { stdout: () => undefined, stderr: (text: string) => (err += text) };
    expect(await main(['serve-reference', '--max-sessions', 'many'], io)).toBe(2);
    expect(err).toMatch(/--max-sessions many: expected a whole number from 0/);
  });
});
