import { anyPlaceholderOf, parsePlaceholder, PLACEHOLDER_PATTERN, placeholderIdOf } from '../redaction/placeholder.js';
import { formOfOrigin, originPatternSource, writeOrigin, type OriginForm } from '../cassette/origin-forms.js';
import { renderSecret } from '../redaction/secret-forms.js';

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

type Part = string | { id: string; form: string; text: string; anyOfKind: string } | { origin: OriginForm };

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
        ids.add(id).add(anyOfKind);
        this.parts.push({ id, form, text: m[0], anyOfKind });
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
    for (const part of this.parts) {
      if (typeof part === 'string') out += part;
      else if ('origin' in part) out += writeOrigin(origin, part.origin);
      else {
        const secret = carried.get(part.id) ?? carried.get(part.anyOfKind);
        if (secret === undefined) out += part.text;
        else {
          // A placeholder the client sent back reads the same in every form: written as is.
          const sent = placeholderIdOf(secret);
          out += sent === undefined ? renderSecret(secret, part.form) : part.text.endsWith('-') ? `${sent}-` : sent;
        }
      }
    }
    return out;
  }
}
