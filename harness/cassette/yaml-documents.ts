import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { at, UserInputError } from '../errors.js';
import { sizeWords } from '../http/body-limit.js';
import { isGzipFile } from './gzip-file.js';

/**
 * The largest document (and so line: graphcheck writes each document as one line of JSON) a cassette may hold: two
 * bodies at the largest `--max-body` anyone needs, base64 and escaped, fit many times over. Past it the reader
 * stops at once: a 3 MB gzip cassette holding one line of gigabytes used to take Node to 6.4 GB and a crash.
 */
export const MAX_DOCUMENT_BYTES = 256 * 1024 * 1024;

/** One document of a YAML stream: its text and the 1-based line where it starts (its `---` line). */
export interface RawDocument {
  text: string;
  /**
   * The document's one line after a `---` line that holds nothing else (a comment at most): how graphcheck writes
   * every document, its JSON. Read as is, it is never copied into `text` (made only when asked for).
   */
  content?: string;
  line: number;
  /** Last line of the document, for messages that tell the user which lines to remove. */
  endLine: number;
}

/** A line that starts a document: `---` alone or followed by a blank (YAML forbids it inside content). */
function isDocumentStart(line: string): boolean {
  return line.startsWith('---') && (line.length === 3 || line[3] === ' ' || line[3] === '\t');
}

function hasContent(lines: string[]): boolean {
  return lines.some((l) => {
    const t = l.trim();
    return t !== '' && !t.startsWith('#');
  });
}

/** The file's bytes, gunzipped on the fly when it is gzip; a damaged gzip stream is the user's file to fix. */
async function* chunksOf(file: string, size: number): AsyncGenerator<Buffer> {
  // 1 MiB reads for a large cassette; a small one is not given a megabyte to fill (a test reads thousands).
  const raw = createReadStream(file, { highWaterMark: Math.min(1 << 20, Math.max(1 << 14, size)) });
  if (!(await isGzipFile(file))) {
    try {
      yield* raw as AsyncIterable<Buffer>;
    } catch (error) {
      // Read failures after the checks (a file removed or cut off midway): the user's file, in one line.
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new UserInputError('CASSETTE_INVALID', `${file}: cannot read the cassette (${code}): check the file`);
    }
    return;
  }
  try {
    yield* raw.pipe(createGunzip({ chunkSize: 1 << 20 })) as AsyncIterable<Buffer>;
  } catch (error) {
    const reason = (error as Error).message;
    throw new UserInputError('CASSETTE_INVALID', `${file}: damaged gzip stream (${reason}): re-compress it from the YAML cassette`);
  } finally {
    raw.destroy();
  }
}

/**
 * Lines of a file, split on `\n` only, decoded as UTF-8 line by line, without holding the file. A long line
 * (a base64 upload of many megabytes) is gathered as a list of chunks and joined once, not re-copied per chunk.
 */
async function* linesOf(file: string, size: number, limit: number): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let lineNumber = 1;
  for await (const chunk of chunksOf(file, size)) {
    let buf = chunk;
    let nl = buf.indexOf(10);
    while (nl !== -1) {
      if (pendingBytes + nl > limit) throw tooLarge(file, lineNumber, 'line', limit);
      const line = pending.length === 0 ? buf.subarray(0, nl) : Buffer.concat([...pending, buf.subarray(0, nl)]);
      pending = [];
      pendingBytes = 0;
      lineNumber++;
      const end = line.length > 0 && line[line.length - 1] === 13 ? line.length - 1 : line.length;
      yield line.toString('utf8', 0, end);
      buf = buf.subarray(nl + 1);
      nl = buf.indexOf(10);
    }
    if (buf.length > 0) {
      pendingBytes += buf.length;
      if (pendingBytes > limit) throw tooLarge(file, lineNumber, 'line', limit);
      pending.push(Buffer.from(buf));
    }
  }
  if (pending.length > 0) yield Buffer.concat(pending).toString('utf8');
}

/**
 * Streams the documents of a YAML file. Splitting on document markers first lets each document be parsed
 * alone (a 100,000-exchange cassette never sits in memory as one parse tree) and gives exact line numbers.
 */
export async function* yamlDocuments(
  file: string,
  size = Number.MAX_SAFE_INTEGER,
  limit = MAX_DOCUMENT_BYTES,
): AsyncGenerator<RawDocument> {
  let lines: string[] = [];
  let length = 0;
  let start = 1;
  let explicit = false;
  let n = 0;
  const flush = function* (endLine: number): Generator<RawDocument> {
    if (explicit || hasContent(lines)) yield rawDocument(lines, explicit, start, endLine);
    length = 0;
  };
  for await (const line of linesOf(file, size, limit)) {
    n++;
    length += line.length + 1;
    if (length > limit) throw tooLarge(file, start, 'document', limit);
    if (isDocumentStart(line)) {
      yield* flush(n - 1);
      lines = [line.slice(3)];
      start = n;
      explicit = true;
    } else if (line === '...' || (line.startsWith('%') && !explicit && !hasContent(lines))) {
      if (line === '...') yield* flush(n);
      lines = [];
      start = n + 1;
      explicit = false;
    } else {
      lines.push(line);
    }
  }
  yield* flush(n);
}

/** A document of `lines`; its text joined only if someone reads it (a large JSON line is held once, not twice). */
function rawDocument(lines: string[], explicit: boolean, line: number, endLine: number): RawDocument {
  const marker = lines[0]?.trim() ?? '';
  const content = explicit && lines.length === 2 && (marker === '' || marker.startsWith('#')) ? lines[1] : undefined;
  let text: string | undefined;
  return {
    get text() {
      return (text ??= lines.join('\n'));
    },
    line,
    endLine,
    ...(content !== undefined ? { content } : {}),
  };
}

function tooLarge(file: string, line: number, what: 'line' | 'document', limit: number): UserInputError {
  return new UserInputError(
    'INPUT_TOO_LARGE',
    at(file, line, `${what} longer than ${sizeWords(limit)}: not a cassette graphcheck wrote; cut the file before this line`),
  );
}
