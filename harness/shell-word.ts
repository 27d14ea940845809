/** Text as one POSIX shell word, for the commands reports print (curl lines, replay commands). */
export function shellWord(text: string): string {
  return /^[\w./@:=+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
