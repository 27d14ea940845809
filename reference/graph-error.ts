/**
 * An error answer of the interface, in the envelope of contract §3.1. Handlers throw it; the server renders it.
 * Nothing a handler did before throwing may have changed state (R2), so handlers validate first.
 */
export class GraphError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly type = 'OAuthException',
    readonly subcode?: number,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

/** Code 100, the interface's "invalid parameter". */
export function invalidParam(message: string): GraphError {
  return new GraphError(100, `(#100) ${message}`);
}

/** Code 190: the token is missing, unknown or not usable here. */
export function invalidToken(message: string): GraphError {
  return new GraphError(190, message);
}

/** Code 200: the token is real but lacks a task or a permission. */
export function permissionError(message: string): GraphError {
  return new GraphError(200, `(#200) ${message}`, 'OAuthException', undefined, 403);
}

/** An unsupported operation or an object that does not exist (R2): code 100, no state change. */
export function unsupported(method: string, path: string): GraphError {
  const id = path.split('/').filter(Boolean)[0] ?? '';
  return new GraphError(
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due ` +
      'to missing permissions, or does not support this operation.',
    'GraphMethodException',
  );
}

export interface ErrorEnvelope {
  error: { message: string; type: string; code: number; error_subcode?: number; fbtrace_id: string };
}

export function toEnvelope(error: GraphError, fbtraceId: string): ErrorEnvelope {
  const subcode = error.subcode === undefined ? {} : { error_subcode: error.subcode };
  return {
    error: { message: error.message, type: error.type, code: error.code, ...subcode, fbtrace_id: fbtraceId },
  };
}
