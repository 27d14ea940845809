import { access } from 'node:fs/promises';
import { exportHar } from '../../harness/cassette/export-har.js';
import { defaultImportPath, importCassette } from '../../harness/cassette/import-cassette.js';
import { unreadable } from '../../harness/cassette/read-foreign.js';
import { redactCassette } from '../../harness/cassette/redact-cassette.js';
import { sameFile, writeAtomically } from '../../harness/files/write-atomically.js';
import { UserInputError } from '../../harness/errors.js';
import { noRedactNotice } from '../flags.js';
import { countOf } from '../../harness/words.js';


type Print = (line: string) => void;
const stdout: Print = (line) => process.stdout.write(`${line}\n`);
const stderr: Print = (line) => process.stderr.write(`${line}\n`);

export async function importCommand(
  file: string,
  options: { out?: string; redact: boolean; appSecret?: string },
  print: Print = stdout,
  warn: Print = stderr,
): Promise<void> {
  // The input first: a missing one is the problem to name, not the output beside it that cannot be made.
  await access(file).catch((error: unknown) => {
    throw unreadable(file, error);
  });
  const out = options.out ?? defaultImportPath(file);
  await refuseOverwritingInput(file, out);
  if (!options.redact) warn(noRedactNotice(out));
  // Through a temporary file: a broken input never leaves half a cassette, nor replaces a good one at `out`.
  const result = await writeAtomically(out, 'the cassette', (temp) =>
    importCassette(file, { ...options, out: temp }),
  );
  for (const note of result.notes) warn(note);
  print(
    `imported ${countOf(result.exchanges, 'exchange')} (${result.format}) from ${file} into ${out}; ${countOf(result.redacted, 'secret')} redacted`,
  );
}

/** `--out` naming the input itself would replace what is being read with what was made of it. */
async function refuseOverwritingInput(file: string, out: string): Promise<void> {
  if (await sameFile(file, out))
    throw new UserInputError('USAGE', `${out}: is the input file ${file} itself: choose another --out`);
}

export async function exportCommand(
  file: string,
  options: { har?: boolean; out?: string },
  print: Print = stdout,
): Promise<void> {
  if (!options.har)
    throw new UserInputError('USAGE', 'cassette export: choose the format: --har (the only one)');
  const out = options.out ?? `${file.replace(/\.(cassette\.)?ya?ml$/i, '')}.har`;
  await refuseOverwritingInput(file, out);
  const count = await exportHar(file, out);
  print(`exported ${count} exchanges from ${file} to ${out} (HAR 1.2)`);
}

export async function redactCommand(
  file: string,
  options: { appSecret?: string; secret?: string[] },
  print: Print = stdout,
): Promise<void> {
  const result = await redactCassette(file, {
    appSecret: options.appSecret,
    secrets: options.secret,
  });
  print(`redacted ${file} again: ${result.exchanges} exchanges, ${result.added} secrets newly replaced`);
}
