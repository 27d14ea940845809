import { UserInputError } from '../../harness/errors.js';

/** The UserInputError `run` rejects with; anything else (or no error) fails the test. */
export async function failure(run: () => Promise<unknown>): Promise<UserInputError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof UserInputError) return error;
    throw error;
  }
  throw new Error('expected a UserInputError');
}
