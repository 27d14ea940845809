/** `1 exchange`, `3 exchanges`: counts in messages people read. */
export function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
