import { strictBinary } from './binary-tag.js';
import { readFile, stat } from 'node:fs/promises';
import { LineCounter, parseDocument } from 'yaml';
import { at, quotedInError, UserInputError } from '../errors.js';
import { sizeWords } from '../http/body-limit.js';
import { jsonTooDeepAt, lineAt, MAX_NESTING, valueNestingExceeds, yamlTooDeepAt } from '../validation/nesting.js';
import { excessiveAliases } from '../validation/yaml-aliases.js';
import type { Exchange } from '../model/exchange.js';
import type { CassetteHeader } from './cassette-format.js';
import { harRedaction, harToExchanges } from './import-har.js';
import { FieldReader, type Json } from './import-fields.js';
import { vcrToExchanges } from './import-vcr.js';
import { modernExchange } from './legacy-placeholders.js';

export interface ForeignTraffic {
  format: 'har' | 'vcr' | 'vcrpy';
  exchanges: Exchange[];
  /** A HAR that graphcheck exported keeps its cassette's redaction, so its placeholders still match secrets. */
  redaction?: CassetteHeader['redaction'];
  /** What the reader kept otherwise than asked (a body left compressed), one line each, for the user to see. */
  notes: string[];
}

/**
 * The largest HAR or VCR file read: they are read whole, and a parse tree takes several times its text (a 727 MB
 * HAR used to be refused as a permissions problem, once Node could not hold it as one string).
 */
export const MAX_FOREIGN_FILE = 256 * 1024 * 1024;

/** Why a file could not be read, in one line naming it: missing, a folder, or not ours to read. */
export function unreadable(file: string, error: unknown): UserInputError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EISDIR') return new UserInputError('USAGE', `${file}: is a folder: give the file in it`);
  if (code === 'ENOENT') return new UserInputError('FILE_NOT_FOUND', `${file}: no such file: check the path`);
  return new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the file (${code ?? 'error'}): check its permissions`);
}

function notACassette(file: string, what: string): UserInputError {
  return new UserInputError(
    'CASSETTE_INVALID',
    at(
      file,
      1,
      `not recorded traffic (${what}): only VCR cassettes (http_interactions, interactions) and HAR files (log.entries) can be imported`,
    ),
  );
}

function tooDeep(file: string, line: number | undefined): UserInputError {
  return new UserInputError('INPUT_TOO_DEEP', at(file, line, `nested deeper than ${MAX_NESTING} levels: not recorded traffic; fix the file`));
}

function parseJson(file: string, text: string): unknown {
  const deep = jsonTooDeepAt(text);
  if (deep !== undefined) throw tooDeep(file, lineAt(text, deep));
  try {
    return JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    const line = position === undefined ? undefined : text.slice(0, Number(position)).split('\n').length;
    throw new UserInputError(
      'CASSETTE_INVALID',
      at(file, line, `not JSON (${quotedInError((error as Error).message)}): fix the HAR file`),
    );
  }
}

function parseYaml(
  file: string,
  text: string,
): {
  data: unknown;
  lineOf: (path: Array<string | number>) => number | undefined;
} {
  const deep = yamlTooDeepAt(text);
  if (deep !== undefined) throw tooDeep(file, lineAt(text, deep));
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter,
    logLevel: 'error',
    customTags: [strictBinary],
    uniqueKeys: false,
  });
  const error = doc.errors[0];
  if (error) {
    const what = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '');
    throw new UserInputError(
      'CASSETTE_INVALID',
      at(file, error.linePos?.[0]?.line, `not a YAML document (${what}): fix it`),
    );
  }
  const lineOf = (path: Array<string | number>): number | undefined => {
    for (let n = path.length; n > 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return lineCounter.linePos(node.range[0]).line;
    }
    return undefined;
  };
  const data = toJs(file, doc);
  if (valueNestingExceeds(data)) throw tooDeep(file, undefined);
  return { data, lineOf };
}

/** The document as plain data; a file whose aliases expand without bound (a "billion laughs") is refused. */
function toJs(file: string, doc: ReturnType<typeof parseDocument>): unknown {
  try {
    return doc.toJS({ maxAliasCount: 10_000 });
  } catch (error) {
    const aliases = excessiveAliases(error);
    if (aliases) throw new UserInputError('CASSETTE_INVALID', at(file, undefined, aliases));
    throw error;
  }
}

/** Reads a HAR (JSON) or VCR/vcrpy (YAML) file into exchanges; anything else is refused in one line. */
export async function readForeignTraffic(file: string): Promise<ForeignTraffic> {
  const text = await readWhole(file);
  if (/graphcheck_cassette/.test(text.slice(0, 400))) {
    throw new UserInputError(
      'CASSETTE_INVALID',
      at(file, 1, 'already a graphcheck cassette: use it as it is'),
    );
  }
  const looksJson = file.toLowerCase().endsWith('.har') || text.trimStart().startsWith('{');
  if (looksJson) {
    const data = parseJson(file, text);
    if (typeof data !== 'object' || data === null || !('log' in data))
      throw notACassette(file, 'JSON without a `log` object');
    const redaction = harRedaction(data, file);
    const exchanges = harToExchanges(data, file).map(modernExchange);
    return { format: 'har', exchanges, notes: [], ...(redaction ? { redaction } : {}) };
  }
  const { data, lineOf } = parseYaml(file, text);
  if (typeof data !== 'object' || data === null) throw notACassette(file, 'an empty or scalar YAML document');
  const json = data as Json;
  if ('http_interactions' in json || 'interactions' in json)
    return vcrToExchanges(json, new FieldReader(file, lineOf));
  if ('graph_api' in json)
    throw notACassette(file, 'a hand-written table of mock responses by path and method');
  throw notACassette(file, `a YAML mapping with keys ${Object.keys(json).slice(0, 4).join(', ')}`);
}

/** The file as text, refused in one line when it is missing, unreadable or larger than `MAX_FOREIGN_FILE`. */
async function readWhole(file: string): Promise<string> {
  try {
    const { size } = await stat(file);
    if (size > MAX_FOREIGN_FILE) {
      throw new UserInputError(
        'INPUT_TOO_LARGE',
        `${file}: ${sizeWords(size)}, larger than the ${sizeWords(MAX_FOREIGN_FILE)} graphcheck reads at once: ` +
          'record or export less traffic per file',
      );
    }
    return await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof UserInputError) throw error;
    throw unreadable(file, error);
  }
}
