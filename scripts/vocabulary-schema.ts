/**
 * schemas/profile-vocabulary.schema.json, written from harness/profile/vocabulary.ts: the lists the profile schema
 * (capabilities, tokens, fixtures) and the suite schema (token words, a rule's needs) refer to.
 */
import { CAPABILITIES, FIXTURE_NAMES, NEEDED_TOKENS, TOKEN_NAMES, TOKEN_WORDS } from '../harness/profile/vocabulary.js';

export const VOCABULARY_SCHEMA_FILE = 'schemas/profile-vocabulary.schema.json';

export function vocabularySchema(): string {
  const present = { type: 'string', minLength: 1 };
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'profile-vocabulary.schema.json',
    title: "graphcheck target profile's vocabulary, contract 1",
    description: 'Written by `npm run regen` from harness/profile/vocabulary.ts; edit that file, not this one.',
    definitions: {
      capability: { enum: [...CAPABILITIES] },
      tokens: { type: 'object', additionalProperties: false, properties: Object.fromEntries(TOKEN_NAMES.map((name) => [name, present])) },
      fixtures: { type: 'object', additionalProperties: false, properties: Object.fromEntries(FIXTURE_NAMES.map((name) => [name, present])) },
      token_word: { enum: [...TOKEN_WORDS] },
      needed_token: { enum: [...NEEDED_TOKENS] },
      fixture_name: { enum: [...FIXTURE_NAMES] },
    },
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
