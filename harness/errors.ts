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
    readonly code: 'USAGE' | 'PROFILE_INVALID' | 'SUITE_INVALID' | 'CASSETTE_INVALID' | 'REASONS_INVALID' | 'CONFIG_INVALID' | 'FILE_NOT_FOUND',
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
      | 'TARGET_GARBAGE'
      | 'ANSWER_TOO_LARGE'
      | 'SETUP_FAILED'
      | 'CONTROL_FAILED',
    message: string,
  ) {
    super(message);
    this.name = 'CannotJudgeError';
  }
}

/** Formats `file:line: message` the same way everywhere. */
export function at(file: string, line: number | undefined, message: string): string {
  return line === undefined ? `${file}: ${message}` : `${file}:${line}: ${message}`;
}
