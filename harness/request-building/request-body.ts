import { ANY, BOOLEAN, INTEGER, type JsonSchema, object, orTemplate, STRING, TEMPLATE } from '../validation/json-schema.js';
import { TOKEN_WORDS } from '../profile/vocabulary.js';

/** Where a request's parameters travel (the spec: "Parameters are sent as query string or form fields"). */
export type Placement = 'query' | 'form' | 'multipart' | { query: string[]; body: 'form' | 'multipart' };

/** A request as a suite writes it; values may be templates. */
export interface RequestSpec {
  /** PUT only to show an unsupported method refused (the spec names PUT on some edges). */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  base?: 'api' | 'auth' | 'imgnet' | 'url';
  path?: string;
  /** `default` (the run's prefix), `none` (bare path), or a version / template. */
  version?: unknown;
  /** A token word (`page`, `app`, `unissued`, `none`, ...) or a template yielding a word or a raw token. */
  token?: string;
  /** Where `access_token` travels: the query string (default) or the request body. */
  token_in?: unknown;
  /** Where the parameters of `form` (or `multipart.fields`) travel; default: as written. */
  placement?: unknown;
  query?: Record<string, unknown> | string;
  form?: Record<string, unknown> | string;
  json?: unknown;
  multipart?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export const PLACEMENT_SCHEMA: JsonSchema = {
  anyOf: [
    { enum: ['query', 'form', 'multipart'] },
    object({ query: { type: 'array', items: STRING }, body: { enum: ['form', 'multipart'] } }, ['query', 'body']),
  ],
};

export const REQUEST_BODY: JsonSchema = object(
  {
    method: { enum: ['GET', 'POST', 'PUT', 'DELETE'] },
    base: { enum: ['api', 'auth', 'imgnet', 'url'] },
    path: STRING,
    version: ANY,
    // A token word of the profile's vocabulary, or a template (yielding a word or a token).
    token: { anyOf: [{ enum: [...TOKEN_WORDS] }, { type: 'string', pattern: '\\{\\{' }] },
    token_in: orTemplate({ enum: ['query', 'body'] }),
    placement: orTemplate(PLACEMENT_SCHEMA),
    query: { type: ['object', 'string'] },
    form: { type: ['object', 'string'] },
    json: ANY,
    multipart: {
      anyOf: [
        TEMPLATE,
        object({
          fields: { type: ['object', 'string'] },
          files: orTemplate({
            type: 'array',
            items: object(
              { name: STRING, filename: STRING, format: STRING, bytes: INTEGER, content_type: STRING, location: BOOLEAN },
              ['name', 'format'],
            ),
          }),
        }),
      ],
    },
    headers: { type: 'object', additionalProperties: STRING },
  },
  ['method'],
);

/** The token a request names (`page` by default on the API), when it names one the profile must hold. */
export function requestNeeds(request: RequestSpec): { tokens?: string[] } {
  const token = request.token ?? ((request.base ?? 'api') === 'api' ? 'page' : undefined);
  if (!token || ['none', 'unissued'].includes(token) || token.includes('{{')) return {};
  return { tokens: [token] };
}

/**
 * The global state a request touches (`StepKind.exclusive`): the app's subscriptions and its installation on a
 * Page, which decide where every notification goes, and an explicit version, since the version the app first called
 * is the app's (contract §3.2: a later call to an older one is refused until `reset`). The run's own prefix
 * (`default`) and the bare path leave that history as every other rule leaves it.
 */
export function requestExclusive(request: RequestSpec): string | undefined {
  const path = request.path ?? '';
  if (/\/subscriptions(?:$|[/?])/.test(path)) return "reads or changes the app's subscriptions";
  if (/\/subscribed_apps(?:$|[/?])/.test(path)) return "installs the app on a Page or reads where it is installed";
  const { version } = request;
  if (version !== undefined && version !== 'default' && version !== 'none' && (request.base ?? 'api') !== 'url') {
    return `calls version ${String(version)}: the version the app first called (reset clears it) is the app's`;
  }
  return undefined;
}

export function describeRequest(request: RequestSpec): string {
  return `${request.method} ${request.path ?? '/'}`;
}
