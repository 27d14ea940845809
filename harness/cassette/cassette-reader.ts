import { at, UserInputError } from '../errors.js';
import type { Exchange } from '../model/exchange.js';
import { requireCassetteFile } from './cassette-file.js';
import { CASSETTE_FORMAT, type CassetteHeader, type RunDocument } from './cassette-format.js';
import {
  describeProblem,
  describeSchemaError,
  exchangeProblem,
  validateHeader,
  validatePlaceholders,
  validateRun,
} from './cassette-schema.js';
import { parseDocument } from './parse-document.js';
import { modernPlaceholderTable, type PlaceholderInfo } from '../redaction/placeholder.js';
import { modernExchange, modernValue } from './legacy-placeholders.js';
import { type RawDocument, yamlDocuments } from './yaml-documents.js';

/** An exchange read from a cassette, with where it stands (for messages and reports). */
export interface CassetteEntry {
  exchange: Exchange;
  /** 0-based position among the cassette's exchanges. */
  index: number;
  line: number;
}

export interface OpenCassette {
  file: string;
  header: CassetteHeader;
  /** The header's placeholders plus every placeholders document read so far (complete once `entries` ends). */
  placeholders: Record<string, PlaceholderInfo>;
  /** The run document of a recorded run (`run --record`), once `entries` has passed it. */
  run?: RunDocument['run'];
  /** The exchanges in file order, one at a time; iterate once. */
  entries(): AsyncGenerator<CassetteEntry>;
}

function invalid(file: string, line: number | undefined, message: string): UserInputError {
  return new UserInputError('CASSETTE_INVALID', at(file, line, message));
}

function foreignFormat(doc: unknown): string | undefined {
  if (typeof doc !== 'object' || doc === null) return undefined;
  const d = doc as Record<string, unknown>;
  if ('http_interactions' in d) return 'a Ruby VCR cassette';
  if ('interactions' in d) return 'a vcrpy cassette';
  if ('log' in d) return 'a HAR file';
  return undefined;
}

function checkHeader(file: string, doc: RawDocument, data: unknown): CassetteHeader {
  const foreign = foreignFormat(data);
  if (foreign) {
    throw invalid(
      file,
      doc.line,
      `not a graphcheck cassette (${foreign}): run \`graphcheck cassette import ${file}\``,
    );
  }
  const version = (data as { graphcheck_cassette?: unknown } | null)?.graphcheck_cassette;
  if (version === undefined) {
    throw invalid(
      file,
      doc.line,
      'not a graphcheck cassette: the first document has no `graphcheck_cassette` key',
    );
  }
  if (version !== CASSETTE_FORMAT) {
    throw invalid(
      file,
      doc.line,
      `unknown cassette format version ${JSON.stringify(version)} (this graphcheck reads version ${CASSETTE_FORMAT}): ` +
        'use the graphcheck that wrote it, or re-record the cassette',
    );
  }
  if (!validateHeader(data)) {
    throw invalid(
      file,
      doc.line,
      `header: ${describeSchemaError(validateHeader.errors)}: fix the header document`,
    );
  }
  return data as CassetteHeader;
}

/** Opens a cassette and reads its header; the exchanges are then streamed by `entries()`. */
export async function openCassette(file: string): Promise<OpenCassette> {
  const { size } = await requireCassetteFile(file);
  const docs = yamlDocuments(file, size);
  const first = await docs.next();
  if (first.done)
    throw invalid(file, undefined, 'empty file: a cassette starts with a header document; record again');
  const header = checkHeader(file, first.value, parseDocument(file, first.value));
  if (header.redaction.placeholders) header.redaction.placeholders = modernPlaceholderTable(header.redaction.placeholders);
  const placeholders: Record<string, PlaceholderInfo> = {
    ...(header.redaction.placeholders ?? {}),
  };
  async function* entries(): AsyncGenerator<CassetteEntry> {
    let index = 0;
    let ordinal = 1;
    for await (const doc of docs) {
      ordinal++;
      const data = parseDocument(file, doc);
      if (data === null || data === undefined) continue;
      if (typeof data === 'object' && 'request' in data) {
        const problem = exchangeProblem(data);
        if (problem) {
          const why = describeProblem(problem);
          throw invalid(
            file,
            doc.line,
            `exchange ${index}: ${why}: fix it, or delete lines ${doc.line}-${doc.endLine}`,
          );
        }
        yield { exchange: modernExchange(data as Exchange), index: index++, line: doc.line };
      } else if (validateRun(data)) {
        opened.run = modernValue((data as RunDocument).run);
      } else if (validatePlaceholders(data)) {
        Object.assign(placeholders, modernPlaceholderTable((data as { placeholders: Record<string, PlaceholderInfo> }).placeholders));
      } else {
        throw invalid(
          file,
          doc.line,
          `document ${ordinal} is neither an exchange (request, response) nor a placeholders table: ` +
            `fix it, or delete lines ${doc.line}-${doc.endLine}`,
        );
      }
    }
  }
  const opened: OpenCassette = { file, header, placeholders, entries };
  return opened;
}

/** Reads a whole cassette into memory (tests, small cassettes). Large ones: iterate `openCassette().entries()`. */
export async function readCassette(file: string): Promise<{
  header: CassetteHeader;
  placeholders: Record<string, PlaceholderInfo>;
  exchanges: Exchange[];
}> {
  const cassette = await openCassette(file);
  const exchanges: Exchange[] = [];
  for await (const entry of cassette.entries()) exchanges.push(entry.exchange);
  return {
    header: cassette.header,
    placeholders: cassette.placeholders,
    exchanges,
  };
}

/**
 * The run document of a recorded run, looked for without reading the exchanges (their bodies are most of a
 * cassette): `run --cassette` refuses a flag the recording fixes in about a second, not after loading them all.
 * Only a run document as graphcheck writes it (one line of JSON) is found; undefined otherwise, and the full read
 * says what is wrong, if anything.
 */
export async function peekRunDocument(file: string): Promise<RunDocument['run'] | undefined> {
  const { size } = await requireCassetteFile(file);
  let found: RunDocument['run'] | undefined;
  for await (const doc of yamlDocuments(file, size)) {
    if (!doc.content?.startsWith('{"run":')) continue;
    const data = parseDocument(file, doc);
    if (validateRun(data)) found = modernValue((data as RunDocument).run);
  }
  return found;
}
