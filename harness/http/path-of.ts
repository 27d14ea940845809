/**
 * The path of a URL or of a request target, without query or fragment: `http://h/v25.0/me?x=1` and
 * `/v25.0/me?x=1` both give `/v25.0/me`; an origin alone gives `/`.
 */
export function pathOf(url: string): string {
  const target = pathAndQueryOf(url);
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

/**
 * The path and query of a request target: what an origin server reads. A client using a server as a plain HTTP
 * proxy sends an absolute URL (`GET http://host/path?q`); an origin alone is `/`.
 */
export function pathAndQueryOf(target: string): string {
  if (target.startsWith('/')) return target;
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(target);
  if (!m) return target;
  const rest = m[1] ?? '';
  return rest === '' ? '/' : rest.startsWith('/') ? rest : `/${rest}`;
}
