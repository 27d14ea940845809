import type { Exchange } from '../model/index.js';

/** The exchange's request as a curl command line a user can paste. */
export function curlOf(exchange: Exchange): string {
  const { method, url, headers, body, bodyEncoding } = exchange.request;
  const parts = ['curl', '-sS'];
  if (method !== 'GET') parts.push('-X', method);
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'user-agent') continue;
    parts.push('-H', quote(`${name}: ${Array.isArray(value) ? value.join(', ') : value}`));
  }
  if (body !== undefined && bodyEncoding !== 'base64') parts.push('--data-binary', quote(body));
  if (bodyEncoding === 'base64') parts.push('--data-binary', "@body.bin  # binary body, see report.json");
  parts.push(quote(url));
  return parts.join(' ');
}

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
