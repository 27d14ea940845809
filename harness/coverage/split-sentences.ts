/**
 * Splits Markdown prose into sentences: after `.`, `!` or `?` (and any closing bracket, quote or bold marker)
 * followed by a space and anything but a lower-case letter. Code spans are never split, so `/v<major.minor>`
 * or `sdk.js` stay whole; a lower-case letter after the stop keeps abbreviations in one sentence.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  let inCode = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '`') inCode = !inCode;
    if (inCode || !'.!?'.includes(c)) continue;
    let end = i + 1;
    while (end < text.length && ')"\'*'.includes(text[end]!)) end += 1;
    const next = /^\s+(\S)/.exec(text.slice(end));
    if (!next || /[a-z]/.test(next[1]!)) continue;
    sentences.push(text.slice(start, end).trim());
    start = end;
    i = end - 1;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}
