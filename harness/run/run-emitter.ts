import type { RateLimitWait } from '../client/rate-limit.js';
import type { RunEvents } from '../engine/run-events.js';
import type { RuleResult, RunResult } from '../model/index.js';
import type { Rule } from '../suite/suite.js';

/** What a run says while it goes on, each with what it carries. */
export interface RunEventMap {
  /** Before any rule runs: how many will. */
  runStart: { total: number };
  /** A rule starts, with its place in the run (from 1); with `--concurrency`, others may be in flight. */
  ruleStart: { rule: Rule; index: number };
  /** A rule's work ended, in whatever order rules end. */
  ruleFinish: { rule: Rule; index: number };
  /** A rule's result as the engine made it, in the run's order (suite order). */
  ruleEnd: RuleResult;
  /** A rule's result as every output shows it (through the output edge, marked by the baseline), in the run's order. */
  ruleShown: RuleResult;
  /** A request waits for the target's rate limit. */
  wait: RateLimitWait;
  /** The run's result, built once, as the reports show it. */
  runEnd: RunResult;
}

type Listener<K extends keyof RunEventMap> = (event: RunEventMap[K]) => void;

/**
 * The one stream of a run's events: the engine (through `hooks`) and the reporting tail emit on it; the console,
 * the progress line, the recording layer and a library caller subscribe. Listeners run in the order they subscribed.
 */
export class RunEmitter {
  private readonly listeners: { [K in keyof RunEventMap]?: Listener<K>[] } = {};

  on<K extends keyof RunEventMap>(event: K, listener: Listener<K>): this {
    const list: Listener<K>[] = this.listeners[event] ?? [];
    list.push(listener);
    (this.listeners as Record<K, Listener<K>[]>)[event] = list;
    return this;
  }

  emit<K extends keyof RunEventMap>(event: K, payload: RunEventMap[K]): void {
    for (const listener of this.listeners[event] ?? []) listener(payload);
  }

  /** The hooks the engine's scheduler calls, as events on this stream. */
  get hooks(): RunEvents {
    return {
      onRunStart: (total) => this.emit('runStart', { total }),
      onRuleStart: (rule, index) => this.emit('ruleStart', { rule, index }),
      onRuleFinish: (rule, index) => this.emit('ruleFinish', { rule, index }),
      onRuleEnd: (result) => this.emit('ruleEnd', result),
    };
  }
}
