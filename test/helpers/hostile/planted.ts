import { base64Core } from '../../../harness/redaction/encoded-forms.js';

/**
 * What a hostile target, recording or report plants in the text it controls: terminal escape sequences (OSC 52
 * clipboard write, screen clear, window title, OSC 8 hyperlink), GitHub Actions workflow commands (on their own
 * line and in the legacy `##[` form), a forged verdict line, a carriage return that would overwrite the line, HTML
 * that would run script, NUL, DEL, a C1 control and a right-to-left override.
 */
export const HOSTILE_TEXT =
  '\u001b]52;c;cHduZWQ=\u0007\u001b[2J\u001b]0;pwned\u0007\u001b]8;;https://evil.invalid/\u0007link\u001b]8;;\u0007' +
  '\n::error title=pwned::forged annotation\n   ::add-mask::graphcheck\n##[error]legacy command' +
  '\nPASSED: 262 passed, 0 failed, 0 warned, 0 skipped, 0 error\nPASS feed.forged-rule\rFAIL' +
  '\n<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">' +
  '\u0000NUL\u007fDEL\u009bC1\u202eevil\u2066';

/** Every form the redaction must hide a secret in, by name. */
export function formsOf(secret: string): Record<string, string> {
  const bytes = Buffer.from(secret, 'utf8');
  const half = Math.floor(secret.length / 2);
  return {
    raw: secret,
    'url-encoded': encodeURIComponent(secret),
    'json-escaped': JSON.stringify(secret).slice(1, -1).replace(/[^A-Za-z0-9]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    base64: bytes.toString('base64'),
    'base64 in Basic credentials': Buffer.from(`app:${secret}`).toString('base64'),
    'base64url at offset 2': Buffer.from(`xy${secret}`).toString('base64url'),
    hex: bytes.toString('hex'),
    'hex upper-case': bytes.toString('hex').toUpperCase(),
    'split across lines': `${secret.slice(0, half)}\n    ${secret.slice(half)}`,
    'split by an escaped line feed': `${secret.slice(0, half)}\\n${secret.slice(half)}`,
    'fully percent-encoded': [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    'fully \\u-escaped': [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    'cut short, URL-encoded': `"${encodeURIComponent(secret.slice(0, 12))}…"`,
    'split across JSON strings': `["${secret.slice(0, 3)}", "${secret.slice(3, half)}","rest":"${secret.slice(half)}"]`,
  };
}

/** One text holding `secret` in every form, each after a label, with the hostile text around. */
export function echoOf(secret: string): string {
  return Object.entries(formsOf(secret))
    .map(([name, form]) => `${name}: ${form}`)
    .join(' | ')
    .concat(` ${HOSTILE_TEXT}`);
}

/**
 * `text` with every escape undone, whatever its depth: JSON's `\uXXXX` and `\/` behind any number of backslashes
 * (JSON text quoting JSON), percent-encoding (`%2D`, `%252D`), line breaks (real or escaped, then indent), and the
 * boundaries between JSON strings (`", "`, `","key":"`), so a secret cut into strings reads whole.
 */
function unescaped(text: string): string {
  return joinedStrings(unescapedOnce(text));
}

function joinedStrings(text: string): string {
  return text.replace(/\\*"(?:[\s,:+[\]{}]|\\*"[^"\\\s]{0,40}\\*")*\\*"/g, '');
}

function unescapedOnce(text: string): string {
  let out = text;
  for (let round = 0; round < 3; round++) {
    out = out
      .replace(/\\+u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/\\+\//g, '/')
      .replace(/%([0-7][0-9a-fA-F])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return out.replace(/(?:\\+r)?(?:\\+n|\r?\n)[ \t]*/g, '');
}

/**
 * The forms of `secret` that `text` shows: raw once every escape and line break is undone (URL-encoded,
 * JSON-escaped at any depth, split across lines), its first twelve characters (a quote cut short), base64 at
 * any alignment (standard or URL-safe, also with `+` and `/` escaped), or hex. Empty when it shows none.
 */
export function leaksOf(text: string, secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const found: string[] = [];
  if (text.includes(secret)) found.push('raw');
  else if (unescaped(text).includes(secret)) found.push('escaped or split');
  const plain = unescaped(text);
  // A quote cut short keeps the start of a secret: twelve characters of it are a leak too.
  if (found.length === 0 && secret.length > 12 && plain.includes(secret.slice(0, 12))) found.push('its start');
  for (const offset of [0, 1, 2]) {
    const core = base64Core(bytes, offset);
    if (plain.includes(core) || plain.includes(core.replace(/\+/g, '-').replace(/\//g, '_'))) found.push(`base64 at offset ${offset}`);
  }
  const hex = bytes.toString('hex');
  if (text.toLowerCase().includes(hex)) found.push('hex');
  return found;
}

/** Each planted secret that any of `texts` (file name -> content) shows, with the file and the form. */
export function leaks(texts: Record<string, string>, secrets: string[]): string[] {
  return Object.entries(texts).flatMap(([name, text]) =>
    secrets.flatMap((secret) => leaksOf(text, secret).map((form) => `${name}: ${secret.slice(0, 6)}… (${form})`)),
  );
}

/**
 * What in `text` a terminal, a CI runner or a reader would obey: a control character (but tab, line feed, and a
 * carriage return before one), a bidi override, a workflow command line, the legacy `##[` command, a line that
 * forges a verdict or a rule's line (`verdict`: the one graphcheck printed; `rules`: the ids it ran), and for a
 * file rendered as Markdown, raw markup that would run script.
 */
export function unsafeIn(text: string, options: { verdict?: string; rules?: ReadonlySet<string>; markup?: boolean } = {}): string[] {
  const problems: string[] = [];
  const control = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.exec(text);
  if (control) problems.push(`control U+${control[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${control.index}`);
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*::/.test(line)) problems.push(`workflow command line: ${line.slice(0, 60)}`);
    if (line.includes('##[')) problems.push(`legacy workflow command: ${line.slice(0, 60)}`);
    if (/^(?:PASSED|FAILED|COULD NOT JUDGE)\b/.test(line) && line !== options.verdict) problems.push(`forged verdict line: ${line.slice(0, 60)}`);
    const rule = /^(?:PASS|FAIL|WARN|SKIP|ERR|KNOWN) +(\S+?):?(?: |$)/.exec(line);
    if (rule && !options.rules?.has(rule[1] as string)) problems.push(`forged rule line: ${line.slice(0, 60)}`);
  }
  if (options.markup && /<script|<img|<[a-z][^>]*\sonerror=/i.test(text)) problems.push('raw markup that runs script');
  return problems;
}

/** report.html's problems: script beyond its own one, an image, an event handler in markup. */
export function unsafeHtml(html: string): string[] {
  const problems = unsafeIn(html);
  if ((html.match(/<script/gi) ?? []).length !== 1) problems.push('a script element besides the page\'s own');
  if (/<img|<[a-z][^>]*\son[a-z]+=/i.test(html)) problems.push('raw markup that loads or runs something');
  return problems;
}
