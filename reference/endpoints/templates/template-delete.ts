import { GraphError, invalidParam } from '../../graph-error.js';
import { readList, readString } from '../../params.js';
import type { FaultSet } from '../../types.js';
import type { Template } from './template-state.js';

type Params = Record<string, unknown>;

/**
 * The templates a DELETE names: `hsm_ids` (bulk), `hsm_id` with `name` (one), or `name` (all languages).
 * Naming nothing, or nothing that exists, is code 100 and deletes nothing.
 */
export function templatesToDelete(params: Params, live: Template[], faults: FaultSet): Template[] {
  const name = readString(params, 'name');
  const hsmId = readString(params, 'hsm_id');
  const ids = hsmIdsOf(params, faults);
  if (ids !== undefined) {
    return ids.map((id) =>
      found(
        live.filter((t) => t.id === id),
        `template ${id}`,
      ),
    );
  }
  if (hsmId !== undefined) {
    const alone = faults.has('templates-hsm-id-alone-accepted');
    if (!name && !alone) throw invalidParam('hsm_id must be sent together with name.');
    if (faults.has('templates-hsm-id-deletes-every-language')) {
      found(live.filter((t) => t.id === hsmId && t.name === name), `template ${hsmId} named ${name}`);
      return live.filter((t) => t.name === name);
    }
    return [
      found(
        live.filter((t) => t.id === hsmId && (alone || t.name === name)),
        `template ${hsmId} named ${name}`,
      ),
    ];
  }
  if (!name) throw invalidParam('name, hsm_id with name, or hsm_ids is required.');
  const named = live.filter((t) => t.name === name);
  found(named, `a template named ${name}`);
  // Under its fault switch, the newest translation of the name survives a delete by name.
  if (faults.has('templates-delete-by-name-keeps-one-language') && named.length > 1) return named.slice(0, -1);
  return named;
}

/**
 * `hsm_ids` as numeric strings. Under `templates-hsm-ids-unchecked` a malformed list names nothing, so the
 * DELETE answers success and deletes nothing, as a service that never validated it would.
 */
function hsmIdsOf(params: Params, faults: FaultSet): string[] | undefined {
  try {
    const list = readList(params, 'hsm_ids', true);
    if (list === undefined) return undefined;
    const ids = list.map((id) => (typeof id === 'number' ? String(id) : id));
    if (ids.length === 0 || ids.some((id) => typeof id !== 'string' || !/^\d+$/.test(id))) {
      throw invalidParam('hsm_ids must be an array of numeric strings.');
    }
    return ids as string[];
  } catch (error) {
    if (error instanceof GraphError && faults.has('templates-hsm-ids-unchecked')) return [];
    throw error;
  }
}

function found(matches: Template[], what: string): Template {
  const first = matches[0];
  if (!first) throw invalidParam(`There is no ${what} in this account.`);
  return first;
}
