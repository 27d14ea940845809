/** The values after every `--name` on the script's command line, up to the next flag (`--rule a b --rule c`: a, b, c). */
export function listFlag(name: string, argv: readonly string[] = process.argv.slice(2)): string[] {
  const values: string[] = [];
  argv.forEach((arg, i) => {
    if (arg !== name) return;
    for (let j = i + 1; j < argv.length && !argv[j]!.startsWith('--'); j++) values.push(argv[j]!);
  });
  return values;
}

/** Whether `--name` is on the script's command line. */
export function hasFlag(name: string, argv: readonly string[] = process.argv.slice(2)): boolean {
  return argv.includes(name);
}
