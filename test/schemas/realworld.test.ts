import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validatorFor } from '../../harness/validation/schema-registry.js';
import { REALWORLD } from '../helpers/paths.js';

/** Recorded traffic of real clients, read in place (never copied into the repository). */

const json = (path: string): unknown => JSON.parse(readFileSync(join(REALWORLD, path), 'utf8'));

/** The response bodies of a VCR cassette, in order. */
function cassetteBodies(path: string): unknown[] {
  const cassette = parse(readFileSync(join(REALWORLD, path), 'utf8')) as {
    http_interactions: { response: { body: { string: string } } }[];
  };
  return cassette.http_interactions.map((i) => JSON.parse(i.response.body.string));
}

/** The schema's complaints about a value, as `path: message`; empty when it matches. */
function problems(schema: string, value: unknown): string[] {
  const validate = validatorFor(schema);
  if (!validate) throw new Error(`no schema ${schema}`);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message}`);
}

const TEMPLATES = 'ruby_whatsapp_sdk/vcr_cassettes/templates';

describe('the group schemas accept real recorded answers', () => {
  it('comments with summary=true: order and total_count inside summary (R12)', () => {
    expect(problems('comments-summary-page', json('fb_graph2/post/comments_with_summary.json'))).toEqual([]);
  });

  it('a comment create answer, and comments read with other fields', () => {
    expect(problems('comment-create-result', json('python-facebook/facebook/apidata/comments/create_resp.json'))).toEqual([]);
    const page = json('python-facebook/facebook/apidata/comments/comments_p1.json') as { data: unknown[] };
    expect(page.data.flatMap((item) => problems('comment', item))).toEqual([]);
  });

  it('a page of Page photos', () => {
    expect(problems('photo-page', json('python-facebook/facebook/apidata/photos/photos_p1.json'))).toEqual([]);
  });

  it('message template create answers, a template read and the templates of a list', () => {
    for (const file of ['create_a_template_with_valid_params_and_components.yml', 'create_a_template_with_named_parameters.yml']) {
      expect(problems('template-create-result', cassetteBodies(join(TEMPLATES, file))[0])).toEqual([]);
    }
    expect(problems('template', cassetteBodies(join(TEMPLATES, 'get_a_template_by_id.yml'))[0])).toEqual([]);
    const list = cassetteBodies(join(TEMPLATES, 'get_templates.yml'))[0] as { data: unknown[] };
    expect(list.data.length).toBeGreaterThan(1);
    expect(list.data.flatMap((item) => problems('template', item))).toEqual([]);
  });
});

describe('a template read whose default fields leave `id` out (reading R24)', () => {
  it('matches: only the fields shown are typed', () => {
    expect(problems('template', { name: 'order_update', status: 'PENDING', language: 'en_US' })).toEqual([]);
    expect(problems('template', { id: 'not-digits' })).toEqual(['/id: must match pattern "^[0-9]+$"']);
  });
});

describe('where recorded answers differ from the spec, the schemas side with the spec', () => {
  it('reports a recorded template update answering only {success}: the spec states id, name and category too', () => {
    const answer = cassetteBodies(join(TEMPLATES, 'update_a_template_with_components_and_category.yml'))[0];
    expect(answer).toEqual({ success: true });
    expect(problems('template-update-result', answer)).toEqual([
      "/: must have required property 'id'",
      "/: must have required property 'name'",
      "/: must have required property 'category'",
    ]);
  });

  it("reports a v2.5 recording's summary order `ranked`, outside the spec's enum", () => {
    const photo = json('restfb/v2_5/photo-comments.json') as { comments: unknown };
    expect(problems('comments-summary-page', photo.comments)).toEqual(['/summary/order: must be equal to one of the allowed values']);
  });
});
