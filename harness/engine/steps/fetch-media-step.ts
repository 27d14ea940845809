import { TemplateError } from '../../errors.js';
import { evaluate } from '../../suite/template.js';
import { object, STRING } from '../../validation/json-schema.js';
import { linkName } from '../../request-building/build-request.js';
import type { StepKind } from './step-kind.js';

export interface FetchMediaBody {
  /** The URL the target handed over, usually a capture (`{{captured.picture}}`). */
  url: string;
}

/**
 * Fetches a file the target handed over (a post's `full_picture`, a photo file) as contract §4a says: a plain GET
 * from whatever http(s) origin serves it, a CDN as well as the target, carrying no credential, redirects followed
 * the same way. A kind of its own rather than a `request` option: nothing in its body can name a token, a header or
 * a body, so no suite can send a credential where the origin policy would not let a token go.
 */
export const fetchMediaStep: StepKind<FetchMediaBody> = {
  name: 'fetch-media',
  side: 'target',
  explain: (b) => `fetch ${b.url} with a plain GET, without credentials, from whatever origin serves it`,
  body: object({ url: STRING }, ['url']),
  run: async ({ body, scope, target, evidence, keep }) => {
    const url = evaluate(body.url, scope);
    if (typeof url !== 'string') throw new TemplateError(`fetch-media: url is ${JSON.stringify(url)}, not a string`);
    keep(await target.client.fetchMedia(url, linkName(body.url), (redirect) => evidence.push(redirect)));
  },
};
