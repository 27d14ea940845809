import { isRecord } from '../../checks/check.js';
import { itemId, listItems } from '../../checks/list-items.js';
import type { Exchange } from '../../model/index.js';
import type { ModelItem } from '../../suite/sequence-spec.js';
import type { JsonSchema } from '../../validation/json-schema.js';
import type { Model } from '../model.js';

/** What one run of an operation's step read: the items it picked, its exchanges and their JSON bodies. */
export interface Read {
  picked: Record<string, ModelItem>;
  exchanges: Exchange[];
  bodies: unknown[];
}

/** What a model judge is handed: the model as it stood before the operation's effects, and what it read. */
export interface JudgeInput {
  model: Model;
  /** The operation judged (`model.accepted[operation]`: how often it was accepted before). */
  operation: string;
  /** One per run of the step: one, or one per item of an `each:` operation. */
  reads: Read[];
}

/** A finding of a judge: `exchange` indexes the exchanges of all its reads, in order. */
export interface JudgeFinding {
  message: string;
  exchange?: number;
  /** What the model expected, in words (the ids and counts it holds). */
  expected?: string;
  /** What came back. */
  actual?: string;
}

/** What a judge judged, as checks say it: findings, how many things it held to the model, why none. */
export interface JudgeResult {
  findings: JudgeFinding[];
  judged: number;
  nothingJudged?: string;
}

/**
 * A model judge: a pure function from the model and what an operation read to findings, declared once with the
 * JSON Schema of its YAML arguments and a sentence saying what it asserts, registered by name in `registry.ts`.
 * No I/O, no clock, no state.
 */
export interface ModelJudge<Args = unknown> {
  name: string;
  explain(args: Args): string;
  args: JsonSchema;
  /** The judge holds a walked list whole against the model: a walk of a fixture's list makes its rule run alone. */
  walksWhole?: boolean;
  run(input: JudgeInput, args: Args): JudgeResult;
}

/** A judge whatever its arguments, as the registry holds it. */
export type RegisteredJudge = ModelJudge<never>;

/** Every listed item of a read, with the index (over all reads) of the exchange that carried it. */
export function listedItems(reads: Read[]): { item: Record<string, unknown>; id: string | undefined; exchange: number }[] {
  let offset = 0;
  return reads.flatMap((read) => {
    const items = listItems(read.bodies).map(({ item, exchange }) => ({ item, id: itemId(item), exchange: offset + exchange }));
    offset += read.exchanges.length;
    return items;
  });
}

/** The JSON body of a read's first exchange, if it is an object. */
export function firstBody(read: Read | undefined): Record<string, unknown> | undefined {
  const body = read?.bodies[0];
  return isRecord(body) ? body : undefined;
}

/** Ids in words: `9000012, 9000013`, or `none`. */
export function idList(ids: readonly unknown[]): string {
  return ids.length ? ids.map(String).join(', ') : 'none';
}
