import { ORIGIN_FORMS, type OriginForm, originRewriter, writeOrigin } from '../cassette/origin-forms.js';

/** Bytes that would continue a host or port (`[0-9A-Za-z.-]`): an origin followed by one is another origin. */
function continuesHost(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  return (
    (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte === 46 || byte === 45
  );
}

interface Found {
  at: number;
  length: number;
  form: OriginForm;
}

/**
 * Rewrites the target's base URL to the recorder's own in what the client receives, so a client that
 * follows `paging.next` or a redirect comes back through the recorder instead of going around it.
 */
export class OriginRewriter {
  /** Present in every written form of the origin (dots are never escaped): a cheap pre-check. */
  private readonly hostname: string;
  private readonly hostnameBytes: Buffer;
  private readonly rewrite: (text: string, to: string) => string;
  /** The origin in each form, as bytes: a body is searched as it came, never decoded. */
  private readonly forms: ReadonlyArray<{ bytes: Buffer; form: OriginForm }>;
  /** The client's origin in each form, for the last client origin seen (clients of one recorder use one). */
  private written: { clientBase: string; forms: Map<OriginForm, Buffer> } | undefined;

  constructor(private readonly targetBase: string) {
    this.hostname = new URL(targetBase).hostname;
    this.hostnameBytes = Buffer.from(this.hostname);
    this.rewrite = originRewriter(targetBase);
    const seen = new Set<string>();
    this.forms = ORIGIN_FORMS.flatMap((form) => {
      const text = writeOrigin(targetBase, form);
      if (seen.has(text)) return [];
      seen.add(text);
      return [{ bytes: Buffer.from(text, 'latin1'), form }];
    });
  }

  text(value: string, clientBase: string): string {
    return value.includes(this.hostname) ? this.rewrite(value, clientBase) : value;
  }

  /**
   * A body with the origin rewritten where `text` would rewrite it in its UTF-8 text (origins are ASCII, and a
   * multi-byte character never holds an ASCII byte); a body that is not text (`isText` false) is left as it is.
   */
  body(bytes: Buffer, clientBase: string, isText: boolean): Buffer {
    if (!isText || clientBase === this.targetBase || bytes.indexOf(this.hostnameBytes) === -1) return bytes;
    const found = this.occurrences(bytes);
    if (found.length === 0) return bytes;
    const parts: Buffer[] = [];
    let from = 0;
    for (const { at, length, form } of found) {
      // Overlapping occurrences: the leftmost wins, as in a left-to-right replace.
      if (at < from) continue;
      parts.push(bytes.subarray(from, at), this.clientForm(clientBase, form));
      from = at + length;
    }
    parts.push(bytes.subarray(from));
    return Buffer.concat(parts);
  }

  /** Every occurrence of every form not followed by more host, by position (forms in `ORIGIN_FORMS` order at a tie). */
  private occurrences(bytes: Buffer): Found[] {
    const found: Found[] = [];
    for (const { bytes: needle, form } of this.forms) {
      for (let at = bytes.indexOf(needle); at !== -1; ) {
        const end = at + needle.length;
        const whole = !continuesHost(bytes[end]);
        if (whole) found.push({ at, length: needle.length, form });
        at = bytes.indexOf(needle, whole ? end : at + 1);
      }
    }
    return found.length > 1 ? found.sort((a, b) => a.at - b.at) : found;
  }

  private clientForm(clientBase: string, form: OriginForm): Buffer {
    if (this.written?.clientBase !== clientBase) this.written = { clientBase, forms: new Map() };
    let bytes = this.written.forms.get(form);
    if (bytes === undefined) {
      bytes = Buffer.from(writeOrigin(clientBase, form), 'utf8');
      this.written.forms.set(form, bytes);
    }
    return bytes;
  }
}
