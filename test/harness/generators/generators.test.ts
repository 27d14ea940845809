import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFromSpec } from '../../../harness/generators/arbitrary-from-spec.js';
import type { GeneratorSpec } from '../../../harness/suite/step.js';

const scope = {
  app: { redirect_uris: ['https://app.example/callback', 'https://app.example/other/'] },
  versions: { usable: ['v23.0', 'v24.0', 'v25.0'], expired: ['v21.0', 'v22.0'] },
};

const sample = (spec: GeneratorSpec, numRuns = 300) => fc.sample(arbitraryFromSpec(spec, scope), { seed: 7, numRuns });

describe('near_miss_uri', () => {
  const misses = sample({ near_miss_uri: { of: '{{app.redirect_uris}}' } }, 600) as string[];

  it('never yields a registered URI', () => {
    expect(misses.filter((uri) => scope.app.redirect_uris.includes(uri))).toEqual([]);
  });

  it('yields every kind of near miss and nothing else (R18: no added query parameters)', () => {
    const kinds = new Set(misses.map(kindOf));
    expect([...kinds].sort()).toEqual(['case', 'port', 'segment', 'slash']);
    expect(misses.filter((uri) => uri.includes('?'))).toEqual([]);
  });

  it('never writes the scheme default port, which would name the same URI', () => {
    expect(misses.filter((uri) => uri.includes(':443/'))).toEqual([]);
  });
});

describe('near_miss_uri with kinds: the other scheme, an extended host', () => {
  const misses = sample({ near_miss_uri: { of: '{{app.redirect_uris}}', kinds: ['scheme', 'host'] } }, 300) as string[];

  it('swaps http and https or extends the host, keeping the rest, and never yields a registered URI', () => {
    const kinds = new Set(
      misses.map((uri) => {
        const url = new URL(uri);
        const twin = scope.app.redirect_uris.map((r) => new URL(r)).find((r) => r.pathname === url.pathname);
        if (!twin) return `other: ${uri}`;
        if (url.hostname === twin.hostname && url.protocol !== twin.protocol) return 'scheme';
        if (url.protocol === twin.protocol && url.hostname !== twin.hostname && url.hostname.includes(twin.hostname)) return 'host';
        return `other: ${uri}`;
      }),
    );
    expect([...kinds].sort()).toEqual(['host', 'scheme']);
    expect(misses.filter((uri) => scope.app.redirect_uris.includes(uri))).toEqual([]);
  });
});

function kindOf(uri: string): string {
  const [registered] = scope.app.redirect_uris.filter((r) => uri.toLowerCase() === r.toLowerCase());
  if (registered) return 'case';
  if (/:\d+\//.test(uri)) return 'port';
  if (scope.app.redirect_uris.some((r) => uri === `${r}/` || `${uri}/` === r)) return 'slash';
  if (scope.app.redirect_uris.some((r) => uri.startsWith(r.endsWith('/') ? r : `${r}/`))) return 'segment';
  return `other: ${uri}`;
}

describe('except, enum from a template, string matching', () => {
  it('draws an enum from a profile list named by one template', () => {
    expect(new Set(sample({ enum: '{{versions.usable}}' }, 50))).toEqual(new Set(scope.versions.usable));
  });

  it('leaves out excluded values, flattening lists given by templates', () => {
    const spec: GeneratorSpec = {
      except: {
        values: ['{{versions.usable}}', '{{versions.expired}}'],
        of: { oneof: [{ enum: ['v25.0', 'v99.0'] }, { string: { matching: '^v2[0-9]\\.0$' } }] },
      },
    };
    const values = sample(spec, 400) as string[];
    expect(values.every((v) => /^v(99|2[0-9])\.0$/.test(v))).toBe(true);
    expect(values.filter((v) => [...scope.versions.usable, ...scope.versions.expired].includes(v))).toEqual([]);
  });

  it('filters a finite enum up front and refuses one left empty', () => {
    const oldest = { except: { of: { enum: '{{versions.usable}}' }, values: ['v23.0'] } } as GeneratorSpec;
    expect(new Set(sample(oldest, 50))).toEqual(new Set(['v24.0', 'v25.0']));
    const none = { except: { of: { enum: ['v23.0'] }, values: ['v23.0'] } } as GeneratorSpec;
    expect(() => arbitraryFromSpec(none, scope)).toThrow(/no value/);
  });

  it('refuses an enum template that does not name a non-empty list', () => {
    expect(() => arbitraryFromSpec({ enum: '{{versions.latest}}' }, { versions: { latest: 'v25.0' } })).toThrow(
      /not a non-empty list/,
    );
  });
});
