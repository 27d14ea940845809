import { describe, expect, it } from 'vitest';
import { ResponseTemplate } from '../../../harness/replay/response-template.js';

describe('a recorded answer whose body was lost', () => {
  it('is replayed as the recorder error it was, never as an empty success', () => {
    const template = new ResponseTemplate({ status: 200, headers: {}, body: '', bodyOmitted: true, bodyLost: 'gzip-encoded body decodes to more than 16 MiB' }, undefined);
    const served = template.render(new Map(), 'http://127.0.0.1:1');
    expect(served.status).toBe(502);
    expect(JSON.parse(served.body.toString())).toEqual({
      graphcheck_recorder_error: { code: 'ANSWER_NOT_KEPT', message: "the target's answer was not kept: gzip-encoded body decodes to more than 16 MiB" },
    });
  });
});
