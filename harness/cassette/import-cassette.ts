import { basename } from 'node:path';
import { UserInputError } from '../errors.js';
import { CASSETTE_FORMAT } from './cassette-format.js';
import { CassetteWriter } from './cassette-writer.js';
import { readForeignTraffic } from './read-foreign.js';

export interface ImportOptions {
  /** Where the cassette goes (default: next to the input, `NAME.cassette.yml`). */
  out?: string;
  redact?: boolean;
  appSecret?: string;
  secrets?: string[];
}

export interface ImportResult {
  out: string;
  format: 'har' | 'vcr' | 'vcrpy';
  exchanges: number;
  /** Placeholders the redaction introduced. */
  redacted: number;
  /** What was kept otherwise than asked (a body left compressed), one line each. */
  notes: string[];
}

export function defaultImportPath(input: string): string {
  return `${input.replace(/\.(har|ya?ml|json)$/i, '')}.cassette.yml`;
}

/** The origin of the first absolute request URL: what replay rewrites to its own address. */
function targetOf(urls: string[], file: string): string {
  for (const url of urls) {
    try {
      return new URL(url).origin;
    } catch {
      // relative URLs carry no origin; try the next one
    }
  }
  throw new UserInputError(
    'CASSETTE_INVALID',
    `${file}: no request has an absolute URL: the target cannot be told`,
  );
}

/** Converts a HAR or VCR file into a graphcheck cassette (redacted unless told otherwise). */
export async function importCassette(input: string, options: ImportOptions = {}): Promise<ImportResult> {
  const { format, exchanges, redaction, notes } = await readForeignTraffic(input);
  const out = options.out ?? defaultImportPath(input);
  const target =
    exchanges.length > 0
      ? targetOf(
          exchanges.map((e) => e.request.url),
          input,
        )
      : 'http://invalid';
  const settings = {
    target,
    redact: options.redact,
    appSecret: options.appSecret,
    secrets: options.secrets,
    source: { format, file: basename(input) },
  };
  // A HAR graphcheck exported keeps its salt and placeholder hashes: the cassette goes on with them.
  const writer =
    redaction?.enabled && options.redact !== false
      ? CassetteWriter.createWithHeader(
          out,
          { graphcheck_cassette: CASSETTE_FORMAT, target, recorded_at: new Date().toISOString(), source: settings.source, redaction },
          settings,
        )
      : CassetteWriter.create(out, settings);
  try {
    for (const exchange of exchanges) writer.append(exchange);
  } finally {
    writer.close();
  }
  return {
    out,
    format,
    exchanges: exchanges.length,
    redacted: Object.keys(writer.placeholders).length,
    // Redaction must read a body to search it: one too large to decode is dropped (the cassette says why), never
    // written with secrets unsearched; --no-redact keeps it compressed as recorded.
    notes: notes.map((note) =>
      options.redact === false
        ? `${note}: kept compressed as recorded, with its content-encoding`
        : `${note}: not kept, as it could not be searched for secrets (--no-redact keeps it compressed as recorded)`,
    ),
  };
}
