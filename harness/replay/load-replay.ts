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
import { ResponseTemplate } from './response-template.js';
import { SecretResolver } from './secret-resolver.js';

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

export function replayEntry(exchange: Exchange, index: number, source: ReplaySource): ReplayEntry {
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
  const entry: ReplayEntry = { index, exchange, request: normal, key: normal.key };
  if (source.matchOptions.secrets === 'any') {
    entry.shape = wildShapeOf(normal);
    entry.key = anyKey(normal, entry.shape, source);
  }
  if (exchange.response) entry.template = new ResponseTemplate(exchange.response, source.recordedBase, exchange.request.method);
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

/** Reads and indexes a cassette, streaming it (each exchange is held once, in its compiled form). */
export async function loadReplay(
  file: string,
  options: { ignoreVersion?: boolean; secrets?: SecretMatching } = {},
): Promise<ReplaySource> {
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
  };
  const served: Array<{ exchange: Exchange; index: number }> = [];
  for await (const { exchange, index } of cassette.entries()) {
    source.count++;
    if (SERVED_KINDS.has(exchange.kind)) served.push({ exchange, index });
    else source.unserved.push({ exchange, index });
  }
  // Indexed once every placeholder is known: a value recorded before it was learnt to be a secret
  // (it stayed raw there) still resolves to the same placeholder as in later exchanges.
  source.resolver.add(cassette.placeholders);
  if (cassette.run) source.run = cassette.run;
  for (const { exchange, index } of served) source.index.add(replayEntry(exchange, index, source));
  return source;
}
