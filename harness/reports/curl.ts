import type { Exchange } from '../model/index.js';
import { PLACEHOLDER_PATTERN } from '../redaction/placeholder.js';
import { shellWord } from '../shell-word.js';

/**
 * The exchange's request as a curl command line a user can paste. A request shown redacted holds placeholders
 * (`redacted-secret-2`): the line says which, and that it works once each is replaced by its secret, written as the
 * line writes the text around it (URL-encoded in a URL or a form body), or that `--show-secrets` prints it whole.
 */
export function curlOf(exchange: Exchange): string {
  const { method, url, headers, body, bodyEncoding, bodyTruncated } = exchange.request;
  // A body reports keep only the start of cannot be pasted: curl reads it from a file, as a binary one.
  const fromFile = bodyEncoding === 'base64' || bodyTruncated !== undefined;
  const parts = ['curl', '-sS'];
  if (method !== 'GET') parts.push('-X', method);
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'user-agent') continue;
    parts.push('-H', shellWord(`${name}: ${Array.isArray(value) ? value.join(', ') : value}`));
  }
  if (body !== undefined && !fromFile) parts.push('--data-binary', shellWord(body));
  if (fromFile) parts.push('--data-binary', '@body.bin');
  parts.push(shellWord(url));
  // After the URL: everything past `#` is a shell comment.
  const notes: string[] = [];
  if (bodyTruncated) {
    notes.push(`body.bin: the ${bodyTruncated.bytes}-byte request body (sha256 ${bodyTruncated.sha256}); report.json keeps its start`);
  } else if (bodyEncoding === 'base64') {
    notes.push('body.bin: the request body, base64 in report.json');
  }
  const hidden = placeholdersIn(parts.join(' '));
  if (hidden.length > 0) {
    notes.push(`${hidden.join(', ')}: put ${hidden.length === 1 ? 'its secret' : 'each one\'s secret'} in its place (URL-encoded where it stands in a URL or a form body), or run again with --show-secrets`);
  }
  return notes.length > 0 ? `${parts.join(' ')}   # ${notes.join('; ')}` : parts.join(' ');
}

/** The placeholders a text holds, each once, by plain name. */
function placeholdersIn(text: string): string[] {
  if (!text.includes('redacted-')) return [];
  return [...new Set([...text.matchAll(PLACEHOLDER_PATTERN)].map((m) => `redacted-${m[1]}-${m[3]}`))];
}
