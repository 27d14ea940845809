/** The parameter, or the object parameter it is a path into (whole or by bracket keys), had values that differ. */
export function isConflicting(conflicting: Set<string>, name: string): boolean {
  const head = name.split('.')[0]!;
  return [...conflicting].some((c) => c === name || c === head || c.startsWith(`${head}[`));
}
