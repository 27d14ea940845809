import { strictBinary } from './binary-tag.js';
import { parse, YAMLParseError } from 'yaml';
import { at, UserInputError } from '../errors.js';
import { sizeWords } from '../http/body-limit.js';
import { jsonTooDeepAt, lineAt, MAX_NESTING, valueNestingExceeds, yamlTooDeepAt } from '../validation/nesting.js';
import { excessiveAliases } from '../validation/yaml-aliases.js';
import type { RawDocument } from './yaml-documents.js';

/**
 * The largest document read through the YAML parser, whose parse tree takes many times its text; the JSON documents
 * graphcheck writes may be as large as `MAX_DOCUMENT_BYTES`.
 */
const MAX_YAML_DOCUMENT = 16 * 1024 * 1024;

/** Drops the first line when it only holds what followed `---` (a comment, or nothing). */
function afterMarkerLine(text: string): string | undefined {
  const nl = text.indexOf('\n');
  const first = (nl === -1 ? text : text.slice(0, nl)).trim();
  if (first !== '' && !first.startsWith('#')) return undefined;
  return nl === -1 ? '' : text.slice(nl + 1);
}

/**
 * Parses one document. Documents graphcheck writes are JSON (a YAML flow mapping), parsed by the fast path;
 * anything else (hand-edited block YAML, VCR files) goes through the YAML parser, whose errors name the line.
 */
export function parseDocument(file: string, doc: RawDocument): unknown {
  const body = doc.content ?? afterMarkerLine(doc.text);
  if (body?.trimStart().startsWith('{')) {
    const deep = jsonTooDeepAt(body);
    if (deep !== undefined) throw tooDeep(file, doc, doc.line + lineAt(body, deep));
    try {
      return JSON.parse(body);
    } catch {
      // not JSON after all: the YAML parser below accepts flow YAML or reports where it breaks
    }
  }
  if (doc.text.length > MAX_YAML_DOCUMENT) {
    throw new UserInputError(
      'INPUT_TOO_LARGE',
      at(file, doc.line, `a document over ${sizeWords(MAX_YAML_DOCUMENT)} that is not JSON: graphcheck reads one this large only as the JSON it writes; delete lines ${doc.line}-${doc.endLine}`),
    );
  }
  const deep = yamlTooDeepAt(doc.text);
  if (deep !== undefined) throw tooDeep(file, doc, doc.line + lineAt(doc.text, deep) - 1);
  const value = parseYaml(file, doc);
  if (valueNestingExceeds(value)) throw tooDeep(file, doc, doc.line);
  return value;
}

function tooDeep(file: string, doc: RawDocument, line: number): UserInputError {
  return new UserInputError(
    'INPUT_TOO_DEEP',
    at(file, line, `document nested deeper than ${MAX_NESTING} levels: delete lines ${doc.line}-${doc.endLine}, or record it again`),
  );
}

function parseYaml(file: string, doc: RawDocument): unknown {
  try {
    return parse(doc.text, {
      logLevel: 'error',
      customTags: [strictBinary],
      maxAliasCount: 1000,
    });
  } catch (error) {
    const aliases = excessiveAliases(error);
    if (aliases) throw new UserInputError('CASSETTE_INVALID', at(file, doc.line, `document ${aliases}`));
    if (!(error instanceof YAMLParseError)) throw error;
    const line = doc.line + (error.linePos?.[0]?.line ?? 1) - 1;
    const what = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? 'parse error';
    throw new UserInputError(
      'CASSETTE_INVALID',
      at(
        file,
        line,
        `not a YAML document (${what}); the document at lines ${doc.line}-${doc.endLine} is cut off or broken: ` +
          'repair it, or delete those lines to keep the exchanges before it',
      ),
    );
  }
}
