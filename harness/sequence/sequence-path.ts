import { UserInputError } from '../errors.js';

/**
 * `--sequence-path`: what runs one shrunk sequence again from the rule's seed. Fast-check replays a counterexample
 * from the path through its runs and shrinks (`12:3:0`) and which commands ran at each shrink (the commands'
 * `replayPath`, `AAc:B`), joined by `@`; after `~`, the places of the operations left out after that (`~2,5`).
 */
export interface SequencePath {
  path: string;
  replayPath: string;
  /** Places (in the sequence fast-check replays) of operations left out. */
  left: number[];
}

const SHAPE = /^(\d+(?::\d+)*)@([A-Za-z0-9+/]*:[A-Za-z0-9+/]*)(?:~(\d+(?:,\d+)*))?$/;

/** Whether `text` has the shape of a path a sequence failure prints. */
export function isSequencePath(text: string): boolean {
  return SHAPE.test(text.trim());
}

export function parseSequencePath(text: string): SequencePath {
  const match = SHAPE.exec(text.trim());
  if (!match) {
    throw new UserInputError('USAGE', `--sequence-path ${text}: expected the path a sequence failure printed (such as 12:3:0@AAc:B~2); copy it from the replay line`);
  }
  return { path: match[1]!, replayPath: match[2]!, left: match[3] ? match[3].split(',').map(Number) : [] };
}

/** The path of a counterexample, with the replay path fast-check writes into the commands' text; empty if either lacks. */
export function formatSequencePath(counterexamplePath: string, commandsText: string): string {
  const replayPath = /replayPath="([^"]*)"/.exec(commandsText)?.[1];
  return counterexamplePath && replayPath !== undefined ? `${counterexamplePath}@${replayPath}` : '';
}
