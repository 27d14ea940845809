import type { Exchange } from '../model/index.js';
import { shellWord } from '../shell-word.js';

/** The exchange's request as a curl command line a user can paste. */
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
  if (bodyTruncated) {
    parts.push(`  # body.bin: the ${bodyTruncated.bytes}-byte request body (sha256 ${bodyTruncated.sha256}); report.json keeps its start`);
  } else if (bodyEncoding === 'base64') {
    parts.push('  # body.bin: the request body, base64 in report.json');
  }
  return parts.join(' ');
}
