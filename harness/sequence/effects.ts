import type { Effect, ModelItem, SetEffect } from '../suite/sequence-spec.js';
import { evaluate, type Scope } from '../suite/template.js';
import { matches, same } from './conditions.js';
import { addItem, type Model } from './model.js';

/**
 * Applies an operation's effects to the model, in order, once its step was answered with a success. Templates are
 * evaluated against the operation's scope (`given`, `picked`, `captured`, `clock.now`); `item: <name>` names an
 * item the operation picked, which is the model's own (the same object), so changing it changes the model.
 */
export function applyEffects(model: Model, effects: readonly Effect[], scope: Scope, picked: Record<string, ModelItem>): void {
  for (const effect of effects) {
    if ('add' in effect) addItem(model, effect.add.to, evaluate(effect.add.item, scope) as ModelItem);
    else if ('update' in effect) {
      const { set } = effect.update;
      for (const item of chosen(model, effect.update, scope, picked)) Object.assign(item, evaluate(set, scope) as ModelItem);
    } else if ('remove' in effect) {
      const doomed = new Set(chosen(model, { in: effect.remove.from, item: effect.remove.item, where: effect.remove.where }, scope, picked));
      model.collections[effect.remove.from] = (model.collections[effect.remove.from] ?? []).filter((item) => !doomed.has(item));
    } else if ('union' in effect) changeSet(model, effect.union, scope, 'union');
    else changeSet(model, effect.subtract, scope, 'subtract');
  }
}

/** The items an effect names: the picked item, else those matching `where` (every item without either). */
function chosen(model: Model, target: { in: string; item?: string; where?: Record<string, unknown> }, scope: Scope, picked: Record<string, ModelItem>): ModelItem[] {
  const items = model.collections[target.in] ?? [];
  if (target.item !== undefined) {
    const item = picked[target.item];
    return item && items.includes(item) ? [item] : [];
  }
  const where = evaluate(target.where ?? {}, scope) as Record<string, unknown>;
  return items.filter((item) => matches(item, where));
}

/**
 * A set-valued field of the item whose `key` fields match: `union` adds the members (and the item, when there is
 * none yet), `subtract` takes them out. Members keep their first order; the model compares them as sets.
 */
function changeSet(model: Model, effect: SetEffect, scope: Scope, how: 'union' | 'subtract'): void {
  const key = evaluate(effect.key, scope) as ModelItem;
  const values = evaluate(effect.values, scope);
  const members = Array.isArray(values) ? values : [values];
  let item = (model.collections[effect.in] ?? []).find((candidate) => matches(candidate, key));
  if (!item) {
    if (how === 'subtract') return;
    item = addItem(model, effect.in, { ...key, [effect.field]: [] });
  }
  const current = Array.isArray(item[effect.field]) ? (item[effect.field] as unknown[]) : [];
  item[effect.field] =
    how === 'union'
      ? [...current, ...members.filter((m, i) => !current.some((c) => same(c, m)) && members.findIndex((o) => same(o, m)) === i)]
      : current.filter((c) => !members.some((m) => same(c, m)));
}
