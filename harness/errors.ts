import type { Exchange } from './model/index.js';

/**
 * Every error graphcheck raises on purpose. `code` is stable (tests assert it); `exitCode` is what the CLI
 * exits with; `message` is one line a user can act on (what, where, and the fix).
 */
export abstract class GraphcheckError extends Error {
  abstract readonly code: string;
  abstract readonly exitCode: 2 | 3;
}

/** The user's input is wrong (flag, profile, suite, cassette): exit 2, no stack trace. */
export class UserInputError extends GraphcheckError {
  readonly exitCode = 2 as const;
  constructor(
    readonly code:
      | 'USAGE'
      | 'PROFILE_INVALID'
      | 'SUITE_INVALID'
      | 'CASSETTE_INVALID'
      | 'REASONS_INVALID'
      | 'SWEEP_INVALID'
      | 'PAGING_INVALID'
      | 'CONFIG_INVALID'
      | 'FILE_NOT_FOUND'
      | 'INPUT_TOO_DEEP'
      | 'INPUT_TOO_LARGE',
    message: string,
  ) {
    super(message);
    this.name = 'UserInputError';
  }
}

/** The run could not judge: the target is unreachable, hangs, answers garbage, or setup failed. Exit 3. */
export class CannotJudgeError extends GraphcheckError {
  readonly exitCode = 3 as const;
  constructor(
    readonly code:
      | 'TARGET_UNREACHABLE'
      | 'TARGET_TIMEOUT'
      | 'RATE_LIMITED'
      | 'TARGET_GARBAGE'
      | 'ANSWER_TOO_LARGE'
      | 'ANSWER_TOO_DEEP'
      | 'SETUP_FAILED'
      | 'CONTROL_FAILED'
      | 'FOREIGN_ORIGIN'
      | 'REPORT_NOT_WRITTEN',
    message: string,
  ) {
    super(message);
    this.name = 'CannotJudgeError';
  }
}

/**
 * A request to an origin the run was not given for (contract §1's addresses, `--allow-origin`, the suite's own
 * servers), stopped before anything was sent. `link` names where the URL came from when the target handed it over
 * (`paging.next`): followed with a token, such a link is a finding of its rule (the target sends the client
 * elsewhere); any other refused request leaves its rule unjudged, as the message says.
 */
export class ForeignOriginError extends CannotJudgeError {
  constructor(
    message: string,
    /** The refused URL, without userinfo. */
    readonly url: string,
    readonly origins: { refused: string; target: string },
    readonly link: string | undefined,
    readonly carriesToken: boolean,
  ) {
    super('FOREIGN_ORIGIN', message);
    this.name = 'ForeignOriginError';
  }

  /** The target sent the client elsewhere with a token to follow: the rule's finding, not a run that could not judge. */
  get isFinding(): boolean {
    return this.link !== undefined && this.carriesToken;
  }
}

/**
 * A document nested deeper than graphcheck walks (`MAX_NESTING`): refused when it is parsed, before any recursive
 * walk (redaction, schema checks, slimming, comparisons) can exhaust the stack. The message names no file; a
 * reader that knows where the text came from says so (`at(file, line, ...)`), or, for a target's answer, makes
 * the rule one that cannot judge.
 */
export class TooDeepError extends UserInputError {
  constructor(readonly limit: number) {
    super('INPUT_TOO_DEEP', `nested deeper than ${limit} levels`);
    this.name = 'TooDeepError';
  }
}

/**
 * A request the target did not answer usefully (unreachable, too slow, too large, too deep, garbage): the rule cannot
 * judge, and shows `exchange`, as far as it went, as its evidence.
 */
export class TargetFailure extends CannotJudgeError {
  constructor(
    code: CannotJudgeError['code'],
    message: string,
    readonly exchange: Exchange,
  ) {
    // Named as its parent: to the user it is one more run that could not judge.
    super(code, message);
  }
}

// The errors below never reach the user as such: each tells the caller that catches it why a piece of work
// stopped, and the caller turns it into what the user sees (a suite error naming file and line, a rule that
// cannot judge, a finding, an exchange recorded with its error).

/** A suite template that cannot be read or evaluated (`{{ given.x + }}`, a name not defined there). */
export class TemplateError extends Error {
  readonly code = 'TEMPLATE_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

/**
 * A mistake in a sweep declaration found while its cases are derived from the spec (a row that is not there, a
 * parameter without a valid value): `pointer` is where in the declaration, which the loader turns into `file:line`.
 */
export class SweepError extends Error {
  readonly code = 'SWEEP_INVALID';
  constructor(
    readonly pointer: string,
    message: string,
  ) {
    super(message);
    this.name = 'SweepError';
  }
}

/** Why the recorder cut an exchange short, as the error the cassette keeps (`TIMEOUT` reads as the target's). */
export class ExchangeCut extends Error {
  constructor(
    readonly code: 'TIMEOUT' | 'CLIENT_LEFT',
    message: string,
  ) {
    super(message);
    this.name = 'ExchangeCut';
  }
}

/** Formats `file:line: message` the same way everywhere. */
export function at(file: string, line: number | undefined, message: string): string {
  return line === undefined ? `${file}: ${message}` : `${file}:${line}: ${message}`;
}

/**
 * Text of a file quoted in a one-line error (a parser's message, which may quote the file itself): on one line of
 * printable characters, cut to `max`.
 */
export function quotedInError(text: string, max = 200): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').slice(0, max);
}
