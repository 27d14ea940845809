/**
 * Text that others wrote (a target's answers, a recording, a shard's report.json) made inert for every place it
 * lands: a terminal, a CI log, Markdown and HTML. Escaping for HTML and Markdown is the renderers' (escape.ts);
 * this is what no escaping there would catch.
 *
 * Written as visible escapes (`\x1b`, `\u202e`), never passed on:
 * - C0 controls but tab and line feed (ESC starts the sequences that clear a screen, set a window title, write
 *   the clipboard or make a hyperlink; NUL, BEL, backspace), a carriage return not followed by a line feed (it
 *   would let text overwrite the start of its own line, `FAIL` included), DEL and the C1 controls;
 * - the bidirectional overrides and isolates (text that reads in another order than it runs: "Trojan Source")
 *   and the Unicode line and paragraph separators, which some viewers break lines at.
 * Each line that a CI runner would obey, or a reader take for one of ours, gets a `\` before its first character:
 * a GitHub Actions workflow command (`::error::`, `::add-mask::`, `::stop-commands::`; the runner trims blanks
 * first) and a line that starts like graphcheck's verdict or rule lines (`PASSED: ...`, `FAIL rule`, `graphcheck:`; not `graphcheck run`, which starts a replay command).
 * The legacy `##[command]` form is obeyed anywhere in a line: it is written `#\#[`.
 */
const UNSAFE = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A line a CI runner obeys: a workflow command, after any blanks. */
const COMMAND_LINE = /^([ \t]*)(?=::)/gm;

/** A line that reads like one graphcheck prints: the verdict, a rule's standing, its own name, the report list. */
const OUR_LINE =
  /^([ \t]*)(?=::|(?:PASSED|FAILED|COULD NOT JUDGE)\b|(?:PASS|FAIL|WARN|SKIP|ERR|KNOWN|STALE) |graphcheck:|reports: |── )/gm;

function escapeControl(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

function withoutControls(text: string): string {
  return text.replace(UNSAFE, escapeControl).replaceAll('##[', '#\\#[');
}

/** Text from others, inert wherever it is shown: controls escaped, command-like and verdict-like lines marked. */
export function inertText(text: string): string {
  return withoutControls(text).replace(OUR_LINE, '$1\\');
}

/**
 * What graphcheck prints to a terminal or a CI log, its own words around text of others: controls escaped and
 * workflow commands marked, but its own verdict and rule lines left as they are (the fields of others in it are
 * `inertText` already, their look-alike lines marked there).
 */
export function inertConsole(text: string): string {
  return withoutControls(text).replace(COMMAND_LINE, '$1\\');
}

