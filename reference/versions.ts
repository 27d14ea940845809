import { GraphError, invalidParam } from './graph-error.js';
import { defineSlice } from './state-store.js';
import type { FaultSet, RefContext, RefProfile, RefResponse } from './types.js';

/** Splits `/v25.0/2000001/feed` into the version as written and the bare path. */
export function splitVersionPrefix(pathname: string): { explicit: string | null; path: string } {
  const match = /^\/(v\d+(?:\.\d+)?)(?=\/|$)/.exec(pathname);
  if (!match?.[1]) return { explicit: null, path: pathname };
  return { explicit: match[1], path: pathname.slice(match[0].length) || '/' };
}

export function compareVersions(a: string, b: string): number {
  const [aMajor = 0, aMinor = 0] = a.slice(1).split('.').map(Number);
  const [bMajor = 0, bMinor = 0] = b.slice(1).split('.').map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}

/** 2026-02-01T00:00:00Z, a month after the clock starts: when the `versioning-latest-retired-early` fault retires the latest. */
const LATEST_RETIRED_AT = Date.UTC(2026, 1, 1) / 1000;

/** The version that serves a call (contract §3.2): usable as named, expired by the next usable, bare by default. */
export function resolveServedVersion(
  explicit: string | null,
  faults: FaultSet,
  versions: RefProfile['versions'],
  now: number,
): string {
  const { latest, usable, expired, appDefault } = versions;
  if (explicit === null) return faults.has('versioning-unversioned-served-by-latest') ? latest : appDefault;
  // No later version is ever released here, so the latest never expires; the fault retires it on a date anyway.
  if (explicit === latest && now >= LATEST_RETIRED_AT && faults.has('versioning-latest-retired-early')) {
    throw new GraphError(2635, `(#2635) You are calling a deprecated version of the API (${explicit}).`);
  }
  if (usable.includes(explicit)) return explicit;
  if (expired.includes(explicit)) {
    if (faults.has('versioning-expired-version-refused')) {
      throw new GraphError(2635, `(#2635) You are calling a deprecated version of the API (${explicit}).`);
    }
    if (faults.has('versioning-fallback-to-latest')) return latest;
    return usable.find((v) => compareVersions(v, explicit) > 0) ?? latest;
  }
  if (faults.has('versioning-unknown-version-accepted')) return latest;
  throw invalidParam(`Unknown version ${explicit}: usable versions are ${usable.join(', ')}.`);
}

/** The version the app first called explicitly; cleared by `reset` with the rest of the state. */
const historySlice = defineSlice('version-history', () => ({ first: null as string | null }));

/**
 * Contract §3.2 / R8: only explicit calls to usable versions count. The first one fixes X; a later explicit call
 * to a usable version older than X is refused. Expired versions are neither recorded nor refused here: they are
 * not "usable versions", whatever serves them.
 */
export function enforceVersionHistory(explicit: string | null, ctx: RefContext): void {
  if (explicit === null || !ctx.profile.versions.usable.includes(explicit)) return;
  const history = ctx.state.get(historySlice);
  if (history.first === null) {
    history.first = explicit;
    return;
  }
  if (compareVersions(explicit, history.first) < 0 && !ctx.faults.has('versioning-downgrade-allowed')) {
    throw invalidParam(
      `This app first called the API at ${history.first} and cannot call the older version ${explicit}; ` +
        `call ${history.first} or newer.`,
    );
  }
  // The fault remembers the newest version called instead of the first, like a service keyed on "last seen".
  if (ctx.faults.has('versioning-history-keeps-newest') && compareVersions(explicit, history.first) > 0) {
    history.first = explicit;
  }
}

/** `versioning-older-version-error-code`: older usable versions (and the bare path they serve) renumber code 100. */
export function versionedError(error: unknown, served: string, faults: FaultSet, latest: string): unknown {
  const older = compareVersions(served, latest) < 0;
  if (!faults.has('versioning-older-version-error-code') || !older) return error;
  if (!(error instanceof GraphError) || error.code !== 100) return error;
  return new GraphError(1, error.message, error.type, error.subcode, error.status);
}

/** `versioning-bare-path-list-without-paging`: unversioned list results lose their `paging`. */
export function versionedAnswer(answer: RefResponse, explicit: string | null, faults: FaultSet): RefResponse {
  const body = answer.body as Record<string, unknown> | undefined;
  if (explicit !== null || !faults.has('versioning-bare-path-list-without-paging')) return answer;
  if (typeof body !== 'object' || body === null || !Array.isArray(body.data) || !('paging' in body)) return answer;
  const { paging: _dropped, ...rest } = body;
  return { ...answer, body: rest };
}
