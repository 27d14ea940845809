// Over 250 lines: the one redactor keeps learning, matching and numbering together; the forms it matches live in
// secret-forms.ts and encoded-forms.ts, the decoding of compressed bodies in decoded-bodies.ts.
import { randomBytes } from 'node:crypto';
import type { Exchange, Headers, RecordedRequest, RecordedResponse } from '../model/exchange.js';
import { withBodiesDecoded } from './decoded-bodies.js';
import { discoverSecrets, type FoundSecret } from './discover-secrets.js';
import { type EncodedForm, encodedForms, factsOf } from './encoded-forms.js';
import { KitWords } from './kit-words.js';
import {
  keyedHash,
  mayHoldPlaceholder,
  type PlaceholderInfo,
  placeholderId,
  placeholderParts,
  writePlaceholder,
} from './placeholder.js';
import { notificationSignatureValid, resignNotification } from './resign-notification.js';
import { formOf, secretAnchor, secretPattern } from './secret-forms.js';

/** A placeholder `text` wrote, marked with id and form until the text around it is final. */
const MARKED = /\u0001([^\u0002]*)\u0002([^\u0003]*)\u0003/g;

/** The shortest value a shown redactor learns from traffic as a secret (a given one is always hidden). */
const MIN_SHOWN_LEARNT = 6;

/** A cookie value this long is no word of ordinary text: what is shown hides it wherever it appears. */
const MIN_ECHOED_COOKIE = 16;

/** Characters a client may add to a secret it was given (the authorization code's `#_` marker). */
const MAX_DECORATION = 3;

export interface RedactorOptions {
  /** The app secret: redacted as `app_secret`; notifications are re-signed with `standInSecret`. */
  appSecret?: string;
  /** More values to hide wherever they appear (kind `secret`). */
  secrets?: string[];
  standInSecret?: string;
  /**
   * Also hide the forms no placeholder can be turned back from (base64, hex, broken across lines, cut off at the
   * end of a body kept in part: encoded-forms.ts), and write placeholders without form letters. For what is shown;
   * a cassette keeps placeholders replay can fill.
   */
  shownForms?: boolean;
}

interface Secret {
  kind: string;
  value: string;
  /** Assigned when the value is first seen in traffic. */
  id?: string;
  pattern: RegExp;
  anchor: string | undefined;
  /** Written forms seen, and the form code of each. */
  forms: Map<string, string>;
  /** The placeholder as written for each form code, where no digit follows it. */
  placeholders: Map<string, string>;
  /** Its encoded forms, worked out when first needed (`shownForms`). */
  encoded?: EncodedForm[];
}

/**
 * A redactor for what is shown rather than stored (reports, webhook-test evidence): it knows `known` from the
 * start and learns what the traffic shows; its salt is random, since no placeholder hash leaves it.
 */
export function redactorFor(known: { appSecret?: string; secrets?: string[] }): Redactor {
  return new Redactor(randomBytes(16).toString('hex'), {}, { ...known, shownForms: true });
}

/**
 * Replaces secrets in exchanges with stable placeholders and keeps, per placeholder, only a keyed hash.
 * One instance per cassette: the same value always gets the same placeholder, across exchanges and
 * across sessions that append to the cassette (values are recognised by their hash).
 */
export class Redactor {
  private readonly byHash = new Map<string, string>();
  private readonly counters = new Map<string, number>();
  private readonly secrets = new Map<string, Secret>();
  /** Values sent where a secret goes that are none (see `notSecret`). */
  private readonly plain = new Set<string>();
  private ordered: Secret[] = [];
  private added: Record<string, PlaceholderInfo> = {};

  constructor(
    readonly salt: string,
    placeholders: Record<string, PlaceholderInfo>,
    private readonly options: RedactorOptions = {},
  ) {
    for (const [id, info] of Object.entries(placeholders)) this.remember(id, info.hash);
    if (options.appSecret) this.learn({ kind: 'app_secret', value: options.appSecret });
    for (const value of options.secrets ?? []) this.learn({ kind: 'secret', value });
  }

  /** A redacted copy of `exchange` and the placeholders it introduced (to be written before it). */
  redact(exchange: Exchange): {
    exchange: Exchange;
    added: Record<string, PlaceholderInfo>;
  } {
    this.added = {};
    // A compressed body hides its secrets from every pattern: it is searched (and kept) decoded.
    const original = exchange;
    exchange = withBodiesDecoded(exchange);
    for (const found of discoverSecrets(exchange)) if (this.worthLearning(found.value)) this.learn(found);
    let out: Exchange = {
      ...exchange,
      request: this.redactRequest(exchange.request),
      ...(exchange.response ? { response: this.redactResponse(exchange.response) } : {}),
      ...(exchange.error
        ? {
            error: {
              ...exchange.error,
              message: this.text(exchange.error.message),
            },
          }
        : {}),
    };
    out = this.resign(original, out);
    const added = this.added;
    this.added = {};
    return { exchange: out, added };
  }

  /**
   * A redacted copy of plain JSON data (a recorded run's profile and webhook facts): every string that is the app
   * secret becomes the stand-in (an offline repeat signs with it), and every known secret elsewhere its placeholder
   * (a repeat sends that as the token, and replay knows it). Returns the placeholders it introduced, as `redact`.
   */
  document<T>(value: T): { value: T; added: Record<string, PlaceholderInfo> } {
    this.added = {};
    const { appSecret, standInSecret } = this.options;
    const walk = (item: unknown): unknown => {
      if (typeof item === 'string') return item === appSecret && standInSecret ? standInSecret : this.text(item);
      if (Array.isArray(item)) return item.map(walk);
      if (item !== null && typeof item === 'object') {
        return Object.fromEntries(Object.entries(item).map(([key, v]) => [key, walk(v)]));
      }
      return item;
    };
    const out = walk(value) as T;
    const added = this.added;
    this.added = {};
    return { value: out, added };
  }

  /**
   * Redacts free text with every secret learnt so far. An occurrence that lies within a kit word there (`kit`: the
   * words graphcheck writes itself, kit-words.ts; a placeholder, always) stands: the text around it is the kit's.
   */
  text(text: string, kit: KitWords = KitWords.NONE): string {
    let out = text;
    let ambiguous = false;
    for (const secret of this.ordered) {
      if (secret.anchor !== undefined && !out.includes(secret.anchor)) continue;
      out = out.replace(secret.pattern, (written: string, at: number, all: string) => {
        if (kit.keeps(all, at, written)) return written;
        const next = all.charCodeAt(at + written.length);
        // A digit or a dash after it: whether the placeholder needs its closing `-` depends on the final text.
        if ((next >= 48 && next <= 57) || next === 45) ambiguous = true;
        return this.placeholderText(secret, this.formOf(secret, written));
      });
    }
    out = ambiguous ? this.markedText(text, kit) : out;
    return this.options.shownForms ? this.encodedText(out, kit) : out;
  }

  /** `text` with every secret's encoded forms (`shownForms`, encoded-forms.ts) replaced by its placeholder. */
  private encodedText(text: string, kit: KitWords): string {
    let out = text;
    // Found on the text with the plain forms replaced: what is left of a secret there is in an encoded form.
    const facts = factsOf(text);
    for (const secret of this.ordered) {
      secret.encoded ??= encodedForms(secret.value);
      for (const { pattern, accepts, possible } of secret.encoded) {
        if (possible && !possible(facts)) continue;
        out = out.replace(pattern, (written: string, at: number, all: string) => {
          const after = all.slice(at + written.length, at + written.length + 8);
          if ((accepts && !accepts(written, after)) || kit.keeps(all, at, written)) return written;
          return writePlaceholder(this.idOf(secret), '', after);
        });
      }
    }
    return out;
  }

  /**
   * `text` for the rare text where a placeholder is followed by a digit or a dash: placeholders are marked first,
   * and written once every secret is replaced, when what follows each one is known.
   */
  private markedText(text: string, kit: KitWords): string {
    let out = text;
    for (const secret of this.ordered) {
      if (secret.anchor !== undefined && !out.includes(secret.anchor)) continue;
      out = out.replace(secret.pattern, (written: string, at: number, all: string) =>
        kit.keeps(all, at, written) ? written : `\u0001${this.idOf(secret)}\u0002${this.shownForm(this.formOf(secret, written))}\u0003`,
      );
    }
    return out.replace(MARKED, (_, id: string, form: string, at: number, all: string) =>
      writePlaceholder(id, form, all.slice(at + _.length)),
    );
  }

  /**
   * The form letters a placeholder carries: in a cassette, how the secret was written (replay writes it back so);
   * in what is shown, none, so a reader sees one name per secret, whatever form each occurrence took.
   */
  private shownForm(form: string): string {
    return this.options.shownForms ? '' : form;
  }

  private placeholderText(secret: Secret, form: string): string {
    let text = secret.placeholders.get(form);
    if (text === undefined) {
      text = writePlaceholder(this.idOf(secret), this.shownForm(form), '');
      if (secret.placeholders.size < 16) secret.placeholders.set(form, text);
    }
    return text;
  }

  /** How `written` spells the secret; a client writes a secret the same few ways, so each is worked out once. */
  private formOf(secret: Secret, written: string): string {
    let form = secret.forms.get(written);
    if (form === undefined) {
      form = formOf(secret.value, written);
      if (secret.forms.size < 16) secret.forms.set(written, form);
    }
    return form;
  }

  private redactRequest(request: RecordedRequest): RecordedRequest {
    const out: RecordedRequest = {
      ...request,
      url: this.text(request.url),
      headers: this.headers(request.headers),
    };
    if (request.body !== undefined) out.body = this.body(request.body, request.bodyEncoding);
    return out;
  }

  private redactResponse(response: RecordedResponse): RecordedResponse {
    return {
      ...response,
      headers: this.headers(response.headers),
      body: this.body(response.body, response.bodyEncoding),
    };
  }

  private headers(headers: Headers): Headers {
    const out: Headers = {};
    for (const name in headers) {
      const value = headers[name] as string | string[];
      const lower = name.toLowerCase();
      if (!Array.isArray(value)) out[name] = this.header(lower, value);
      else {
        const list: string[] = [];
        for (const v of value) list.push(this.header(lower, v));
        out[name] = list;
      }
    }
    return out;
  }

  private header(lower: string, value: string): string {
    if (lower === 'cookie') return this.inPlace('cookie', value);
    if (lower === 'set-cookie') return this.setCookie(value);
    return this.text(value);
  }

  private setCookie(value: string): string {
    const m = /^([^=;]*=)([^;]*)(.*)$/s.exec(value);
    if (!m || m[2] === '') return this.text(value);
    return `${m[1]}${this.inPlace('cookie', m[2] as string)}${this.text(m[3] as string)}`;
  }

  /**
   * Cookies are replaced where they stand: short cookie values would otherwise hit unrelated text. What is shown
   * (`shownForms`) also hides a long one wherever a target echoes it.
   */
  private inPlace(kind: string, value: string): string {
    if (value.trim() === '' || mayHoldPlaceholder(value)) return value;
    if (this.options.shownForms) {
      for (const pair of value.split(';')) {
        const cookie = pair.slice(pair.indexOf('=') + 1).trim();
        if (cookie.length >= MIN_ECHOED_COOKIE) this.learn({ kind, value: cookie });
      }
    }
    return this.idOf(this.secretFor({ kind, value }, false));
  }

  private body(body: string, encoding: 'utf8' | 'base64' | undefined): string {
    if (encoding !== 'base64') return this.text(body);
    // Binary bodies (multipart uploads) may still carry ASCII secrets: latin1 keeps every other byte intact.
    const latin1 = Buffer.from(body, 'base64').toString('latin1');
    const redacted = this.text(latin1);
    return redacted === latin1 ? body : Buffer.from(redacted, 'latin1').toString('base64');
  }

  private resign(original: Exchange, redacted: Exchange): Exchange {
    const { appSecret, standInSecret } = this.options;
    if (original.kind !== 'webhook-notification' || !standInSecret) return redacted;
    // Validity judged once, with the real secret, when recorded; later passes keep that verdict.
    const valid =
      original.signatureValid ?? (appSecret ? notificationSignatureValid(original, appSecret) : undefined);
    if (valid === undefined) return redacted;
    return resignNotification({ ...redacted, signatureValid: valid }, standInSecret);
  }

  /** Hides `value` from now on wherever it appears, as a secret of `kind` (unless it is already known). */
  learnSecret(kind: string, value: string): void {
    if (value !== '') this.learn({ kind, value });
  }

  /**
   * `value`, sent under a secret's name, is no secret: graphcheck generated it from the run's seed (a verify token
   * a rule subscribes with), so the seed the cassette keeps gives it again. It is kept as sent: redacted, a short
   * one (`b`) would replace every `b` of later traffic, and the repeat, sending the same value, would match nothing.
   * A value already known as a secret stays one.
   */
  notSecret(value: string): void {
    if (!this.secrets.has(value)) this.plain.add(value);
  }

  /**
   * What is shown learns no value shorter than `MIN_SHOWN_LEARNT` from traffic: a run sends verify tokens such as
   * `?` or `+%9` on purpose (it kept them as no secrets when it recorded), and hiding every `?` would take the
   * query off every URL, and change what `check` judges. A cassette learns them all (replay matches by them).
   */
  private worthLearning(value: string): boolean {
    return !this.options.shownForms || value.length >= MIN_SHOWN_LEARNT;
  }

  private learn(found: FoundSecret): void {
    if (this.plain.has(found.value) || this.decorates(found.value)) return;
    this.secretFor(found, true);
  }

  /**
   * A known secret with a few characters added (a code still carrying its `#_` marker) is not a new secret: the
   * known one inside is replaced, so replay matches it through the same placeholder.
   */
  private decorates(value: string): boolean {
    if (this.secrets.has(value)) return false;
    return this.ordered.some((s) => value.length - s.value.length <= MAX_DECORATION && value.includes(s.value));
  }

  private secretFor(found: FoundSecret, global: boolean): Secret {
    const known = this.secrets.get(found.value);
    if (known) return known;
    const secret: Secret = {
      kind: found.kind,
      value: found.value,
      pattern: secretPattern(found.value),
      anchor: secretAnchor(found.value),
      forms: new Map(),
      placeholders: new Map(),
    };
    this.secrets.set(found.value, secret);
    if (global) {
      this.ordered.push(secret);
      this.ordered.sort((a, b) => b.value.length - a.value.length);
    }
    return secret;
  }

  private idOf(secret: Secret): string {
    if (secret.id !== undefined) return secret.id;
    const hash = keyedHash(this.salt, secret.value);
    let id = this.byHash.get(hash);
    if (id === undefined) {
      const n = (this.counters.get(secret.kind) ?? 0) + 1;
      id = placeholderId(secret.kind, n);
      this.remember(id, hash);
      this.added[id] = { hash };
    }
    secret.id = id;
    return id;
  }

  private remember(id: string, hash: string): void {
    this.byHash.set(hash, id);
    const parts = placeholderParts(id);
    if (parts) this.counters.set(parts.kind, Math.max(this.counters.get(parts.kind) ?? 0, parts.n));
  }
}
