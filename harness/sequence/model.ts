import type { Condition, ModelItem, SequenceSpec } from '../suite/sequence-spec.js';
import { matches } from './conditions.js';

/**
 * What the model holds while a sequence runs: named collections of items (each stamped `seq`, its place in creation
 * order), and how often each operation was accepted, which a judge may need (a refusal counts only next to the same
 * operation accepted, R51). Only the sequence's own objects are in it.
 */
export interface Model {
  collections: Record<string, ModelItem[]>;
  /** Items added so far: the next item's `seq`. */
  added: number;
  /** Operation name -> how many times its step was answered with a success. */
  accepted: Record<string, number>;
}

/** The model as a sequence starts: the declared collections, copied so no run sees another's changes. */
export function initialModel(spec: SequenceSpec): Model {
  const collections = Object.fromEntries(Object.entries(spec.model).map(([name, items]) => [name, items.map((item, i) => ({ ...item, seq: i + 1 }))]));
  const added = Object.values(collections).reduce((sum, items) => sum + items.length, 0);
  return { collections, added, accepted: {} };
}

/** The items of a collection that match a condition, in creation order. */
export function itemsOf(model: Model, collection: string, where?: Condition): ModelItem[] {
  return (model.collections[collection] ?? []).filter((item) => matches(item, where));
}

/** Adds an item, stamped with its place in creation order. */
export function addItem(model: Model, collection: string, item: ModelItem): ModelItem {
  const added = { ...item, seq: ++model.added };
  (model.collections[collection] ??= []).push(added);
  return added;
}

/** The model in a few lines, for the story of a failure: each collection's items with their fields. */
export function describeModel(model: Model): string[] {
  return Object.entries(model.collections).map(([name, items]) => {
    if (items.length === 0) return `${name}: none`;
    return `${name}: ${items.map(describeItem).join('; ')}`;
  });
}

export function describeItem(item: ModelItem): string {
  const { seq, ...fields } = item;
  const shown = Object.entries(fields).map(([k, v]) => `${k} ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return `#${String(seq)} ${shown.join(', ')}`;
}
