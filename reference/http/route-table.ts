import type { RefContext, Route } from '../types.js';

interface CompiledRoute {
  route: Route;
  segments: string[];
}

export interface RouteMatch {
  route: Route;
  pathParams: Record<string, string>;
}

/** Routes in the order given; the first whose method, pattern and `accepts` fit serves the call. */
export function createRouteTable(
  routes: Route[],
): (method: string, path: string, ctx: RefContext) => RouteMatch | null {
  const compiled: CompiledRoute[] = routes.map((route) => ({ route, segments: split(route.pattern) }));
  return (method, path, ctx) => {
    const parts = split(path);
    for (const { route, segments } of compiled) {
      if (route.method !== method || segments.length !== parts.length) continue;
      const pathParams = bind(segments, parts);
      if (pathParams && (route.accepts?.(pathParams, ctx) ?? true)) return { route, pathParams };
    }
    return null;
  };
}

function split(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function bind(segments: string[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i] ?? '';
    const part = parts[i] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = safeDecode(part);
    else if (segment !== part) return null;
  }
  return params;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
