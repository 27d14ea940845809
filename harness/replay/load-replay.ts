import { createHash } from 'node:crypto';
import { DEFAULT_MAX_BODY } from '../http/body-limit.js';
import { bodyBytes } from '../http/stored-body.js';
import type { CassetteHeader, RunDocument } from '../cassette/cassette-format.js';
import { openCassette } from '../cassette/cassette-reader.js';
import type { Exchange } from '../model/exchange.js';
import { MatchIndex, type ReplayEntry } from './match-index.js';
import {
  lowerCaseHeaders,
  type MatchOptions,
  type NormalizedRequest,
  normalizeRequest,
  type SecretMatching,
} from './normalize-request.js';
import { type Masked, maskedKey, type WildShape, wildShapeOf } from './secret-wildcards.js';
import { BodySpool } from './body-spool.js';
import { ResponseTemplate } from './response-template.js';
import { SecretResolver } from './secret-resolver.js';

// `run --cassette` refuses a flag from the run document before loading (the run unit reads cassettes through replay).
export { peekRunDocument } from '../cassette/cassette-reader.js';

/** A cassette made ready to serve: its requests indexed, its responses compiled. */
export interface ReplaySource {
  file: string;
  header: CassetteHeader;
  index: MatchIndex;
  resolver: SecretResolver;
  /** Recorded target base URL (`http://host:port[/base]`), rewritten to the server's own in responses. */
  recordedBase: string | undefined;
  matchOptions: MatchOptions;
  /** Exchanges the server does not answer (webhook requests the target sent), with their cassette positions. */
  unserved: Array<{ exchange: Exchange; index: number }>;
  /** How many exchanges the cassette holds in all. */
  count: number;
  /** The run document of a recorded run (`run --record`), if the cassette has one. */
  run?: RunDocument['run'];
  /** `--secrets any`: every set of places where the cassette's requests held secrets, fewest places first. */
  shapes: WildShape[];
  /** Where the response bodies too large to hold in memory are kept; closed with the replay. */
  spool: BodySpool;
}

export interface LoadOptions {
  ignoreVersion?: boolean;
  secrets?: SecretMatching;
  /**
   * The most bytes of a recorded request body compared whole (default 16 MiB, the replay server's `--max-body`):
   * a larger one is compared by size and hash, as a live request past the same limit is.
   */
  maxBodyBytes?: number;
  /** Keep the exchanges the server does not answer (a repeat's webhook arrivals); default true, false counts them only. */
  keepUnserved?: boolean;
  /** The bytes of recorded answers held in memory, all together (default `HELD_BODY_BYTES`); the rest are spooled. */
  heldBodyBytes?: number;
}

/** Kinds that are requests *to* the target: everything else was sent *by* it and is not served. */
const SERVED_KINDS = new Set([undefined, 'api', 'control']);

function baseOf(target: string): { base: string; basePath: string } | undefined {
  try {
    const url = new URL(target);
    const basePath = url.pathname.replace(/\/+$/, '');
    return { base: url.origin + basePath, basePath };
  } catch {
    return undefined;
  }
}

/**
 * A recorded exchange the loader just read, made ready to index: its answer compiled (and spooled when too large to
 * hold), then its body dropped in place (nobody else holds this exchange), and a request body past `limit` kept as
 * its size and hash, how a live one past the same limit is compared.
 */
function readied(exchange: Exchange, source: ReplaySource, limit: number): ResponseTemplate | undefined {
  const { request, response } = exchange;
  const template = response && new ResponseTemplate(response, source.recordedBase, request.method, source.spool);
  if (response) response.body = '';
  if (request.bodyTooLarge || request.body === undefined || request.body.length <= limit / 2) return template;
  const bytes = bodyBytes(request.body, request.bodyEncoding);
  if (bytes.length > limit) {
    Object.assign(request, { body: '', bodyOmitted: true, bodyTooLarge: { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), limit } });
  }
  return template;
}

export function replayEntry(exchange: Exchange, index: number, source: ReplaySource, template?: ResponseTemplate): ReplayEntry {
  const { request } = exchange;
  const normal = normalizeRequest(
    {
      method: request.method,
      target: request.url,
      headers: lowerCaseHeaders(request.headers),
      body: bodyBytes(request.body, request.bodyEncoding),
      ...(request.bodyTooLarge ? { bodyTooLarge: request.bodyTooLarge } : {}),
    },
    source.resolver,
    source.matchOptions,
  );
  // The entry keeps what matching, misses and a repeat's arrival schedule read: no body. The loader's own exchange
  // (it hands over its `template`) is stripped in place; one the recorder just stored is copied.
  const kept = template ? exchange : { ...exchange, ...(exchange.response ? { response: { ...exchange.response, body: '' } } : {}) };
  kept.request = template ? request : { ...request };
  kept.request.body = '';
  const entry: ReplayEntry = { index, exchange: kept, request: normal, key: normal.key };
  if (source.matchOptions.secrets === 'any') {
    entry.shape = wildShapeOf(normal);
    entry.key = anyKey(normal, entry.shape, source);
  }
  const answer = template ?? (exchange.response && new ResponseTemplate(exchange.response, source.recordedBase, request.method, source.spool));
  if (answer) entry.template = answer;
  return entry;
}

/** The key of a recorded request with its secrets' places masked; its shape joins the source's (once each). */
function anyKey(normal: NormalizedRequest, shape: WildShape, source: ReplaySource): string {
  let known = source.shapes.find((s) => s.signature === shape.signature);
  if (!known) {
    known = shape;
    source.shapes.push(shape);
    source.shapes.sort((a, b) => a.wildcards.length - b.wildcards.length);
  }
  return (maskedKey(normal, known) as Masked).key;
}

/**
 * Reads and indexes a cassette, streaming it: each answer is compiled as it is read, and held in memory only while
 * the answers held stay under `heldBodyBytes` (the rest go to the spool file), so a cassette of a few large answers
 * costs about what its largest document does to read, not the sum of its bodies. Close `source.spool` when done.
 */
export async function loadReplay(file: string, options: LoadOptions = {}): Promise<ReplaySource> {
  const cassette = await openCassette(file);
  const base = baseOf(cassette.header.target);
  const source: ReplaySource = {
    file,
    header: cassette.header,
    index: new MatchIndex(),
    resolver: new SecretResolver(
      cassette.header.redaction.salt,
      cassette.placeholders,
      cassette.header.redaction.app_secret_stand_in,
    ),
    recordedBase: base?.base,
    matchOptions: {
      ignoreVersion: options.ignoreVersion === true,
      basePath: base?.basePath || undefined,
      secrets: options.secrets ?? 'hash',
    },
    unserved: [],
    count: 0,
    shapes: [],
    spool: new BodySpool(options.heldBodyBytes),
  };
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const served: Array<{ exchange: Exchange; index: number; template?: ResponseTemplate }> = [];
  try {
    for await (const { exchange, index } of cassette.entries()) {
      source.count++;
      if (SERVED_KINDS.has(exchange.kind)) served.push({ exchange, index, template: readied(exchange, source, limit) });
      else if (options.keepUnserved !== false) source.unserved.push({ exchange, index });
    }
  } catch (error) {
    source.spool.close();
    throw error;
  }
  // Indexed once every placeholder is known: a value recorded before it was learnt to be a secret
  // (it stayed raw there) still resolves to the same placeholder as in later exchanges.
  source.resolver.add(cassette.placeholders);
  if (cassette.run) source.run = cassette.run;
  for (const { exchange, index, template } of served) source.index.add(replayEntry(exchange, index, source, template));
  return source;
}
