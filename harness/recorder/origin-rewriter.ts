import { isUtf8 } from 'node:buffer';
import { originRewriter } from '../cassette/origin-forms.js';

/**
 * Rewrites the target's base URL to the recorder's own in what the client receives, so a client that
 * follows `paging.next` or a redirect comes back through the recorder instead of going around it.
 */
export class OriginRewriter {
  /** Present in every written form of the origin (dots are never escaped): a cheap pre-check. */
  private readonly hostname: string;
  private readonly hostnameBytes: Buffer;
  private readonly rewrite: (text: string, to: string) => string;

  constructor(targetBase: string) {
    this.hostname = new URL(targetBase).hostname;
    this.hostnameBytes = Buffer.from(this.hostname);
    this.rewrite = originRewriter(targetBase);
  }

  text(value: string, clientBase: string): string {
    return value.includes(this.hostname) ? this.rewrite(value, clientBase) : value;
  }

  /** `text` is the body decoded, when the exchange already holds it as UTF-8 text (saves decoding twice). */
  body(bytes: Buffer, clientBase: string, text?: string): Buffer {
    if (bytes.indexOf(this.hostnameBytes) === -1) return bytes;
    if (text === undefined && !isUtf8(bytes)) return bytes;
    const decoded = text ?? bytes.toString('utf8');
    const rewritten = this.rewrite(decoded, clientBase);
    return rewritten === decoded ? bytes : Buffer.from(rewritten, 'utf8');
  }
}
