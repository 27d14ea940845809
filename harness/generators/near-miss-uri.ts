import fc from 'fast-check';
import { NEAR_MISS_KINDS, type NearMissKind } from './choice-sizes.js';

/** `scheme://authority` | path | `?query#fragment`, split on the text itself so nothing gets normalised. */
const URI = /^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(.*)$/;
const DEFAULT_PORTS: Record<string, number> = { 'http://': 80, 'https://': 443 };

interface Parts {
  scheme: string;
  authority: string;
  path: string;
  tail: string;
}

const DEFAULT_KINDS: NearMissKind[] = ['slash', 'case', 'port', 'segment'];

/**
 * URIs that miss a registered one by one detail (R18): a trailing slash added or removed, another letter case
 * in the path, another port, one more path segment, and where asked the other scheme of http and https or a host
 * extended by a label or letters. Never a registered URI itself; added query parameters are not generated (R18
 * leaves them open).
 */
export function nearMissUri(registered: string[], kinds: readonly NearMissKind[] = DEFAULT_KINDS): fc.Arbitrary<string> {
  const known = new Set(registered);
  const candidates = registered.filter((uri) => URI.test(uri));
  if (candidates.length === 0) throw new Error('near_miss_uri needs at least one absolute URI');
  return fc
    .constantFrom(...candidates)
    .chain((uri) => fc.oneof(...missesOf(split(uri), kinds)))
    .filter((uri) => !known.has(uri));
}

/**
 * Each kind of near miss that applies to the registered URIs, drawn alone: a rule that tries every kind on every
 * seed (`branch-cover.ts`).
 */
export function nearMissChoices(registered: string[], kinds: readonly NearMissKind[] = DEFAULT_KINDS): fc.Arbitrary<string>[] {
  const known = new Set(registered);
  return kinds.flatMap((kind) => {
    const fits = registered.filter((uri) => URI.test(uri) && applies(split(uri), kind, known));
    if (fits.length === 0) return [];
    return [fc.constantFrom(...fits).chain((uri) => fc.oneof(...missesOf(split(uri), [kind]))).filter((uri) => !known.has(uri))];
  });
}

/** The kind changes this URI into one that is not registered (a trailing slash toggled may give another listed one). */
function applies(parts: Parts, kind: NearMissKind, known: Set<string>): boolean {
  try {
    const [miss] = missesOf(parts, [kind]);
    return kind !== 'slash' && kind !== 'scheme' ? true : !known.has(fc.sample(miss!, 1)[0]!);
  } catch {
    return false;
  }
}

function split(uri: string): Parts {
  const [, scheme = '', authority = '', path = '', tail = ''] = URI.exec(uri) ?? [];
  return { scheme, authority, path, tail };
}

const join = (p: Parts): string => `${p.scheme}${p.authority}${p.path}${p.tail}`;

function missesOf(parts: Parts, kinds: readonly NearMissKind[]): fc.Arbitrary<string>[] {
  const misses: fc.Arbitrary<string>[] = [];
  if (kinds.includes('slash')) misses.push(slashToggled(parts));
  if (kinds.includes('port')) misses.push(portChanged(parts));
  if (kinds.includes('segment')) misses.push(segmentAdded(parts));
  const letters = [...parts.path].flatMap((char, i) => (/[a-zA-Z]/.test(char) ? [i] : []));
  if (kinds.includes('case') && letters.length > 0) misses.push(caseFlipped(parts, letters));
  if (kinds.includes('scheme') && DEFAULT_PORTS[parts.scheme.toLowerCase()] !== undefined) misses.push(schemeSwapped(parts));
  if (kinds.includes('host')) misses.push(hostExtended(parts));
  if (misses.length === 0) throw new Error(`near_miss_uri: none of ${kinds.join(', ')} applies to ${join(parts)}`);
  return misses;
}

/** http for https and back, the rest as written (an explicit port stays). */
function schemeSwapped(parts: Parts): fc.Arbitrary<string> {
  const scheme = parts.scheme.toLowerCase() === 'https://' ? 'http://' : 'https://';
  return fc.constant(join({ ...parts, scheme }));
}

/** The host with a label before it (`x.app.example`), a label after it (`app.example.x`) or letters appended. */
function hostExtended(parts: Parts): fc.Arbitrary<string> {
  const match = /^((?:[^@]*@)?)(\[[^\]]*\]|[^:]*)(:\d+)?$/.exec(parts.authority);
  const [, user = '', host = parts.authority, port = ''] = match ?? [];
  const label = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 1, maxLength: 6 });
  const where = fc.constantFrom('before', 'after', 'appended');
  return fc.tuple(label, where).map(([text, at]) => {
    const extended = at === 'before' ? `${text}.${host}` : at === 'after' ? `${host}.${text}` : `${host}${text}`;
    return join({ ...parts, authority: `${user}${extended}${port}` });
  });
}

function slashToggled(parts: Parts): fc.Arbitrary<string> {
  const path = parts.path.endsWith('/') ? parts.path.slice(0, -1) : `${parts.path}/`;
  return fc.constant(join({ ...parts, path }));
}

function caseFlipped(parts: Parts, letters: number[]): fc.Arbitrary<string> {
  return fc.constantFrom(...letters).map((at) => {
    const char = parts.path[at] ?? '';
    const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
    return join({ ...parts, path: parts.path.slice(0, at) + flipped + parts.path.slice(at + 1) });
  });
}

/** Another port than the one the URI reaches, written explicitly (never the scheme's default port). */
function portChanged(parts: Parts): fc.Arbitrary<string> {
  const match = /^(.*?)(?::(\d+))?$/.exec(parts.authority);
  const host = match?.[1] ?? parts.authority;
  const current = match?.[2] === undefined ? DEFAULT_PORTS[parts.scheme.toLowerCase()] : Number(match[2]);
  return fc
    .integer({ min: 1, max: 65535 })
    .filter((port) => port !== current && port !== DEFAULT_PORTS[parts.scheme.toLowerCase()])
    .map((port) => join({ ...parts, authority: `${host}:${port}` }));
}

function segmentAdded(parts: Parts): fc.Arbitrary<string> {
  const unit = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789');
  const segment = fc.string({ unit, minLength: 1, maxLength: 8 });
  return segment.map((name) => {
    const path = parts.path.endsWith('/') ? `${parts.path}${name}/` : `${parts.path}/${name}`;
    return join({ ...parts, path });
  });
}

export { NEAR_MISS_KINDS, type NearMissKind };
