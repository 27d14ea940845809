import { createReadStream } from 'node:fs';

/** One document of a YAML stream: its text and the 1-based line where it starts (its `---` line). */
export interface RawDocument {
  text: string;
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

/** Lines of a file, split on `\n` only, decoded as UTF-8 line by line, without holding the file. */
async function* linesOf(file: string): AsyncGenerator<string> {
  let rest = Buffer.alloc(0);
  for await (const chunk of createReadStream(file, {
    highWaterMark: 1 << 20,
  })) {
    let buf = rest.length === 0 ? (chunk as Buffer) : Buffer.concat([rest, chunk as Buffer]);
    let nl = buf.indexOf(10);
    while (nl !== -1) {
      const end = nl > 0 && buf[nl - 1] === 13 ? nl - 1 : nl;
      yield buf.toString('utf8', 0, end);
      buf = buf.subarray(nl + 1);
      nl = buf.indexOf(10);
    }
    rest = Buffer.from(buf);
  }
  if (rest.length > 0) yield rest.toString('utf8');
}

/**
 * Streams the documents of a YAML file. Splitting on document markers first lets each document be parsed
 * alone (a 100,000-exchange cassette never sits in memory as one parse tree) and gives exact line numbers.
 */
export async function* yamlDocuments(file: string): AsyncGenerator<RawDocument> {
  let lines: string[] = [];
  let start = 1;
  let explicit = false;
  let n = 0;
  const flush = function* (endLine: number): Generator<RawDocument> {
    if (explicit || hasContent(lines)) yield { text: lines.join('\n'), line: start, endLine };
  };
  for await (const line of linesOf(file)) {
    n++;
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
