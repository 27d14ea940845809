/**
 * The URL without its userinfo (`http://user:pass@host` -> `http://host`), unchanged when it has none. undici never
 * sends userinfo, so dropping it loses nothing, and no evidence, message or report can show a password typed there.
 */
export function withoutUserinfo(url: string | URL): string {
  const parsed = new URL(url);
  if (parsed.username === '' && parsed.password === '') return url.toString();
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}
