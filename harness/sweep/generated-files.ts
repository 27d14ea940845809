import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Document, isMap, isSeq, visit } from 'yaml';
import { at, UserInputError } from '../errors.js';
import { parseValidated } from '../validation/parse-validated.js';

/** What a folder of declarations is read as: its schema, the word an error names it by, the error's code. */
export interface DeclarationKind {
  schema: 'sweep' | 'paging';
  what: string;
  code: 'SWEEP_INVALID' | 'PAGING_INVALID';
}

type Located<T> = T & { file: string; lineOf: (path: string) => number | undefined };

/** Reads and validates every `*.yaml` declaration in a folder, sorted by name; a mistake is `file:line: what`. */
export async function loadDeclarations<T>(dir: string, kind: DeclarationKind): Promise<Located<T>[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((f) => /\.ya?ml$/.test(f)).sort();
  return Promise.all(names.map((name) => loadDeclaration<T>(join(dir, name), kind)));
}

export async function loadDeclaration<T>(file: string, kind: DeclarationKind): Promise<Located<T>> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the ${kind.what} declaration`);
  });
  const parsed = parseValidated(text, kind.schema);
  if ('error' in parsed) throw new UserInputError(kind.code, at(file, parsed.error.line, parsed.error.message));
  return { ...(parsed.value as T), file, lineOf: parsed.lineOf } as Located<T>;
}

/** Which keys a generated suite writes on one line: their list's items, their list, their map, a list of one. */
export interface FlowKeys {
  items?: string[];
  lists?: string[];
  maps?: string[];
  shortLists?: string[];
}

/** A generated suite's YAML text under its header: rules in block style, the keys `flow` names each on one line. */
export function renderGenerated(suite: object, header: string, flow: FlowKeys): string {
  const doc = new Document(suite, { aliasDuplicateObjects: false });
  doc.commentBefore = header;
  visit(doc, {
    Pair(_, pair) {
      const key = String((pair.key as { value?: unknown })?.value ?? pair.key);
      if (flow.items?.includes(key) && isSeq(pair.value)) pair.value.items.forEach((item) => isMap(item) && (item.flow = true));
      if (flow.lists?.includes(key) && isSeq(pair.value)) pair.value.flow = true;
      if (flow.maps?.includes(key) && isMap(pair.value)) pair.value.flow = true;
      if (flow.shortLists?.includes(key) && isSeq(pair.value) && pair.value.items.length <= 1) pair.value.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0 });
}
