import { anyPlaceholderOf, parsePlaceholder, PLACEHOLDER_PATTERN, placeholderIdOf } from '../redaction/placeholder.js';
import { formOfOrigin, originPatternSource, writeOrigin, type OriginForm } from '../cassette/origin-forms.js';
import { renderSecret } from '../redaction/secret-forms.js';
import type { StreamedBody } from '../http/answer.js';
import type { BodySpool, SpooledRange } from './body-spool.js';

/** Placeholders and the recorded origin's forms, compiled once per origin: every template of a cassette shares it. */
const patterns = new Map<string, RegExp>();

function patternFor(recordedOrigin: string | undefined): RegExp {
  const key = recordedOrigin ?? '';
  let pattern = patterns.get(key);
  if (!pattern) {
    const sources = [PLACEHOLDER_PATTERN.source, ...(recordedOrigin ? [originPatternSource(recordedOrigin)] : [])];
    pattern = new RegExp(sources.map((s) => `(?:${s})`).join('|'), 'g');
    patterns.set(key, pattern);
  }
  return pattern;
}

/** What changes with each answer: a placeholder (the secret the request carried) or the recorded origin. */
type Dynamic = { id: string; form: string; text: string; anyOfKind: string } | { origin: OriginForm };
type Part = string | Dynamic;

/**
 * Recorded text split once, at load, into literal runs, placeholders and occurrences of the recorded
 * origin, so serving a request only joins a few strings (no searching on the hot path).
 */
export class TextTemplate {
  private readonly parts: Part[] = [];
  /** The `carried` keys rendering reads: each placeholder's id, and the "any of its kind" key. */
  readonly placeholderIds: ReadonlySet<string>;
  readonly hasOrigin: boolean;

  constructor(text: string, recordedOrigin: string | undefined) {
    const ids = new Set<string>();
    let last = 0;
    let origin = false;
    for (const m of text.matchAll(patternFor(recordedOrigin))) {
      if (m.index > last) this.parts.push(text.slice(last, m.index));
      if (m[1] !== undefined) {
        const { id, form } = parsePlaceholder(m);
        const anyOfKind = anyPlaceholderOf(m[1] as string);
        const part = { id: own(id), form: own(form), text: own(m[0]), anyOfKind: own(anyOfKind) };
        ids.add(part.id).add(part.anyOfKind);
        this.parts.push(part);
      } else {
        origin = true;
        this.parts.push({
          origin: formOfOrigin(recordedOrigin as string, m[0]),
        });
      }
      last = m.index + m[0].length;
    }
    if (last < text.length || this.parts.length === 0) this.parts.push(text.slice(last));
    this.placeholderIds = ids;
    this.hasOrigin = origin;
  }

  /** True when the text never changes: no placeholder, no origin. */
  get isStatic(): boolean {
    return !this.hasOrigin && this.placeholderIds.size === 0;
  }

  render(carried: ReadonlyMap<string, string>, origin: string): string {
    let out = '';
    for (const part of this.parts) out += typeof part === 'string' ? part : renderDynamic(part, carried, origin);
    return out;
  }

  /** The same text with its literal runs moved into `spool`: a body too large to hold, served as it is read. */
  spooled(spool: BodySpool): SpooledText {
    return new SpooledText(
      this.parts.map((part) => (typeof part === 'string' ? spool.appendText(part) : part)),
      spool,
    );
  }
}

/** A text template whose literal runs are in a spool file; only placeholders and origins are in memory. */
export class SpooledText {
  constructor(
    private readonly parts: ReadonlyArray<SpooledRange | Dynamic>,
    private readonly spool: BodySpool,
  ) {}

  render(carried: ReadonlyMap<string, string>, origin: string): StreamedBody {
    const pieces = this.parts.map((part) => ('at' in part ? part : Buffer.from(renderDynamic(part, carried, origin), 'utf8')));
    const spool = this.spool;
    return {
      length: pieces.reduce((sum, piece) => sum + (Buffer.isBuffer(piece) ? piece.length : piece.bytes), 0),
      async *chunks() {
        for (const piece of pieces) {
          if (Buffer.isBuffer(piece)) yield piece;
          else yield* spool.read(piece);
        }
      },
    };
  }
}

/**
 * A copy of `text` that holds nothing else: what a match gives is a slice that keeps the whole text it was found in
 * alive, and a spooled body's text must go once its literal runs are in the file.
 */
function own(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

function renderDynamic(part: Dynamic, carried: ReadonlyMap<string, string>, origin: string): string {
  if ('origin' in part) return writeOrigin(origin, part.origin);
  const secret = carried.get(part.id) ?? carried.get(part.anyOfKind);
  if (secret === undefined) return part.text;
  // A placeholder the client sent back reads the same in every form: written as is.
  const sent = placeholderIdOf(secret);
  return sent === undefined ? renderSecret(secret, part.form) : part.text.endsWith('-') ? `${sent}-` : sent;
}
