import { stat } from 'node:fs/promises';
import { openCassette } from '../cassette/cassette-reader.js';
import { UserInputError } from '../errors.js';

/** VCR's record modes (`--mode`): see planMode. */
export type RecordMode = 'once' | 'new_episodes' | 'none' | 'all';

/** What a recorder does with each request, decided once from the mode and whether the cassette exists. */
export interface ModePlan {
  /** Answer from the existing cassette first. */
  replay: boolean;
  /** Send what the cassette cannot answer on to the target, and record it. */
  forward: boolean;
  /** Start a new cassette (replacing any file) rather than append to the existing one. */
  fresh: boolean;
}

/** A cassette with at least one exchange: a header alone (a recorder that never got traffic) is nothing to replay. */
async function hasCassette(file: string): Promise<boolean> {
  try {
    if ((await stat(file)).size === 0) return false;
  } catch {
    return false;
  }
  const cassette = await openCassette(file);
  for await (const _ of cassette.entries()) return true;
  return false;
}

/**
 * once: record a new cassette, or only replay an existing one; new_episodes: replay what is recorded,
 * record the rest; none: only replay, never reach the target; all: record everything afresh.
 */
export async function planMode(mode: RecordMode, cassette: string): Promise<ModePlan> {
  // Mode all starts afresh whatever is there: the old file is not read (it may be large, or not a cassette at all).
  if (mode === 'all') return { replay: false, forward: true, fresh: true };
  const exists = await hasCassette(cassette);
  switch (mode) {
    case 'none':
      if (!exists) {
        throw new UserInputError(
          'FILE_NOT_FOUND',
          `${cassette}: no such cassette; --mode none only replays: record it first`,
        );
      }
      return { replay: true, forward: false, fresh: false };
    case 'once':
      return exists
        ? { replay: true, forward: false, fresh: false }
        : { replay: false, forward: true, fresh: true };
    case 'new_episodes':
      return { replay: exists, forward: true, fresh: !exists };
  }
}
