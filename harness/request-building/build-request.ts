import type { GraphRequest } from '../client/graph-client.js';
import type { MultipartFile, RequestBody } from '../client/encode.js';
import { IMAGE_FORMATS, type ImageFormat, imageBytes } from '../content-host/index.js';
import { jpegWithLocation } from '../content-host/jpeg-with-location.js';
import { evaluate, type Scope } from '../suite/template.js';
import { TemplateError } from '../errors.js';
import type { Profile } from '../profile/profile.js';
import { TOKEN_WORDS } from '../profile/vocabulary.js';
import type { Placement, RequestSpec } from './request-body.js';

type Files = { name: string; filename?: string; format: ImageFormat | 'text'; bytes?: number; content_type?: string; location?: boolean }[];

/** The bytes of a file part that is not an image (`format: text`), whatever its name and content type say. */
const NOT_AN_IMAGE = Buffer.from('graphcheck: these bytes are text, not an image\n');

/** What a request is built against: the profile's tokens, the run's version prefix, a token the target never issued. */
export interface RequestTarget {
  profile: Profile;
  /** The version prefix `version: default` stands for (null: bare paths). */
  version: string | null;
  unissuedToken: string;
}

/** Turns a suite's request (templates, token words, a placement) into what the client sends. */
export function buildRequest(spec: RequestSpec, scope: Scope, target: RequestTarget): GraphRequest {
  const base = spec.base ?? 'api';
  const tokenIn = spec.token_in === undefined ? 'query' : evaluate(spec.token_in, scope);
  if (tokenIn !== 'query' && tokenIn !== 'body') throw new TemplateError(`token_in is ${JSON.stringify(tokenIn)}: use query or body`);
  const request: GraphRequest = {
    method: spec.method,
    base,
    path: String(evaluate(spec.path ?? '/', scope)),
    version: resolveVersion(spec.version, scope, target, base),
    token: resolveToken(spec.token ?? (base === 'api' ? 'page' : 'none'), scope, target),
    ...(tokenIn === 'body' ? { tokenIn: 'body' as const } : {}),
    query: spec.query ? (evaluate(spec.query, scope) as Record<string, unknown>) : undefined,
    body: buildBody(spec, scope),
    headers: spec.headers ? (evaluate(spec.headers, scope) as Record<string, string>) : undefined,
    ...(base === 'url' ? { link: linkName(spec.path) } : {}),
  };
  return spec.placement === undefined ? request : placed(request, evaluate(spec.placement, scope) as Placement);
}

/** How a refusal names a link a step follows: its template (`captured.next`), or `the step's URL`. */
export function linkName(path: string | undefined): string {
  return /^\{\{\s*([\w.[\]]+)\s*\}\}$/.exec(path ?? '')?.[1] ?? "the step's URL";
}

function resolveVersion(version: unknown, scope: Scope, target: RequestTarget, base: string): string | null {
  if (base === 'url') return null;
  if (version === undefined || version === 'default') return target.version;
  if (version === 'none') return null;
  const value = evaluate(version, scope);
  return value === '' || value === null || value === 'none' ? null : String(value);
}

/**
 * A token word names a token (`page`, `app`, `unissued` for one the target never issued, `none`); a template may
 * yield a word (a drawn token kind) or a raw token (one a code was exchanged for).
 */
function resolveToken(name: string, scope: Scope, target: RequestTarget): string | null {
  const word = name.includes('{{') ? String(evaluate(name, scope)) : name;
  if (!TOKEN_WORDS.includes(word)) return word;
  if (word === 'none') return null;
  if (word === 'unissued') return target.unissuedToken;
  if (word === 'app') return target.profile.app.access_token ?? null;
  return target.profile.tokens[word as keyof typeof target.profile.tokens] ?? null;
}

function buildBody(spec: RequestSpec, scope: Scope): RequestBody | undefined {
  if (spec.form) return { form: evaluate(spec.form, scope) as Record<string, unknown> };
  if (spec.json !== undefined) return { json: evaluate(spec.json, scope) };
  if (spec.multipart) {
    const { fields = {}, files = [] } = evaluate(spec.multipart, scope) as { fields?: Record<string, unknown>; files?: Files };
    const built: MultipartFile[] = files.map((f) => {
      if (f.format !== 'text' && !(f.format in IMAGE_FORMATS)) {
        throw new TemplateError(`multipart file ${f.name}: format ${JSON.stringify(f.format)}; use png, jpeg, gif, bmp, tiff or text`);
      }
      const text = f.format === 'text';
      return {
        name: f.name,
        filename: f.filename ?? `upload.${text ? 'txt' : f.format}`,
        contentType: f.content_type ?? (text ? 'text/plain' : `image/${f.format}`),
        // `location: true`: a JPEG carrying EXIF GPS and XMP coordinates (format jpeg only).
        data: text ? NOT_AN_IMAGE : f.location === true ? jpegWithLocation() : imageBytes(f.format as ImageFormat, f.bytes),
      };
    });
    return { multipart: { fields, files: built } };
  }
  return undefined;
}

/**
 * The request's parameters (its form, or its multipart fields) moved to where `placement` says: all in the
 * query string, an urlencoded form, a multipart body, or the named ones in the query and the rest in a body.
 * Files stay in a multipart body whatever the placement.
 */
export function placed(request: GraphRequest, placement: Placement): GraphRequest {
  const body = request.body;
  if (body && 'json' in body) throw new TemplateError('placement moves form or multipart parameters, not a JSON body');
  const params = body ? ('form' in body ? body.form : body.multipart.fields) : {};
  const files = body && 'multipart' in body ? body.multipart.files : [];
  const inQuery = typeof placement === 'string' ? (placement === 'query' ? Object.keys(params) : []) : placement.query;
  const bodyKind = typeof placement === 'string' ? (placement === 'query' ? 'form' : placement) : placement.body;
  const query = { ...request.query, ...pick(params, (k) => inQuery.includes(k)) };
  const rest = pick(params, (k) => !inQuery.includes(k));
  const { body: _dropped, ...withoutBody } = request;
  const hasBody = Object.keys(rest).length > 0 || files.length > 0 || request.tokenIn === 'body';
  if (!hasBody) return { ...withoutBody, query };
  const next: RequestBody = bodyKind === 'multipart' || files.length > 0 ? { multipart: { fields: rest, files } } : { form: rest };
  return { ...withoutBody, query, body: next };
}

function pick(params: Record<string, unknown>, keep: (key: string) => boolean): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([key]) => keep(key)));
}
