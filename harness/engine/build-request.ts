import type { GraphRequest } from '../client/graph-client.js';
import type { MultipartFile, RequestBody } from '../client/encode.js';
import { type ImageFormat, imageBytes } from '../content-host/index.js';
import type { RequestSpec } from '../suite/suite.js';
import { evaluate, type Scope } from '../suite/template.js';
import type { RunContext } from './run-context.js';

/** Turns a suite's request (templates and token names) into what the client sends. */
export function buildRequest(spec: RequestSpec, scope: Scope, ctx: RunContext): GraphRequest {
  const base = spec.base ?? 'api';
  return {
    method: spec.method,
    base,
    path: String(evaluate(spec.path ?? '/', scope)),
    version: resolveVersion(spec.version, scope, ctx, base),
    token: resolveToken(spec.token ?? (base === 'api' ? 'page' : 'none'), scope, ctx),
    query: spec.query ? (evaluate(spec.query, scope) as Record<string, unknown>) : undefined,
    body: buildBody(spec, scope),
    headers: spec.headers ? (evaluate(spec.headers, scope) as Record<string, string>) : undefined,
  };
}

function resolveVersion(version: unknown, scope: Scope, ctx: RunContext, base: string): string | null {
  if (base === 'url') return null;
  if (version === undefined || version === 'default') return ctx.version;
  if (version === 'none') return null;
  const value = evaluate(version, scope);
  return value === '' || value === null || value === 'none' ? null : String(value);
}

function resolveToken(name: string, scope: Scope, ctx: RunContext): string | null {
  if (name === 'none') return null;
  if (name === 'unissued') return ctx.unissuedToken;
  if (name === 'app') return ctx.profile.app.access_token ?? null;
  if (name.includes('{{')) return String(evaluate(name, scope));
  return ctx.profile.tokens[name as keyof typeof ctx.profile.tokens] ?? null;
}

function buildBody(spec: RequestSpec, scope: Scope): RequestBody | undefined {
  if (spec.form) return { form: evaluate(spec.form, scope) as Record<string, unknown> };
  if (spec.json !== undefined) return { json: evaluate(spec.json, scope) };
  if (spec.multipart) {
    const { fields = {}, files = [] } = evaluate(spec.multipart, scope) as {
      fields?: Record<string, unknown>;
      files?: { name: string; filename?: string; format: ImageFormat; bytes?: number; content_type?: string }[];
    };
    const built: MultipartFile[] = files.map((f) => ({
      name: f.name,
      filename: f.filename ?? `upload.${f.format}`,
      contentType: f.content_type ?? `image/${f.format}`,
      data: imageBytes(f.format, f.bytes),
    }));
    return { multipart: { fields, files: built } };
  }
  return undefined;
}
