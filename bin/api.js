// The package's entry point (`import { run } from 'graphcheck'`): graphcheck ships its TypeScript and runs it
// through tsx, as the CLI does. tsImport compiles only graphcheck's own modules: the importer's loader is untouched.
import { tsImport } from 'tsx/esm/api';

const api = await tsImport('./api.ts', import.meta.url);

export const { run, listRules, exitCodeFor, summarize, GraphcheckError, UserInputError, CannotJudgeError } = api;
