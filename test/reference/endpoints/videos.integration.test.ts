import { describe, expect, it } from 'vitest';
import { call, errorCode, useReference } from '../../helpers/reference/reference-client.js';

const ref = useReference();

const VIDEO = '5000001';
const LIVE = '6000001';
const PARENTS = { group: '7000001', page: '2000001', event: '7100001', user: '7200001' };
const VIDEO_EDGES = [
  'captions',
  'comments',
  'crosspost_shared_pages',
  'likes',
  'poll_settings',
  'polls',
  'shared_posts',
  'sponsor_tags',
  'tags',
  'thumbnails',
  'video_insights',
];
const LIVE_EDGES = ['comments', 'crosspost_shared_pages', 'likes', 'polls', 'reactions'];

const send = (method: string, path: string, form: Record<string, string> = {}) => {
  const access = { access_token: ref.tokens['page'] ?? '' };
  return method === 'POST' || method === 'DELETE'
    ? call(ref, method, `/v25.0${path}`, { query: access, form: { ...form } })
    : call(ref, method, `/v25.0${path}`, { query: { ...access, ...form } });
};

async function expectAnswers(method: string, path: string, form?: Record<string, string>) {
  const answer = await send(method, path, form);
  expect({ path, method, error: answer.body?.error }).toEqual({ path, method, error: undefined });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('video endpoints', () => {
  it('answers every listed video path without an error', async () => {
    for (const parent of [PARENTS.group, PARENTS.page, PARENTS.user]) {
      await expectAnswers('GET', `/${parent}/videos`);
    }
    for (const parent of [PARENTS.group, PARENTS.page]) {
      const created = await expectAnswers('POST', `/${parent}/videos`, { title: 'new' });
      expect(created).toEqual({ id: expect.any(String) });
    }
    await expectAnswers('GET', `/${VIDEO}`);
    for (const edge of VIDEO_EDGES) await expectAnswers('GET', `/${VIDEO}/${edge}`);
    await expectAnswers('POST', `/${VIDEO}`, { description: 'updated' });
    for (const edge of ['captions', 'polls', 'thumbnails']) await expectAnswers('POST', `/${VIDEO}/${edge}`);
    await expectAnswers('POST', `/${VIDEO}/comments`, { message: 'nice' });
    await expectAnswers('DELETE', `/${VIDEO}/captions`);
    await expectAnswers('DELETE', `/${VIDEO}`);
  });

  it('lists created videos and reads them back', async () => {
    const { id } = await expectAnswers('POST', `/${PARENTS.page}/videos`, { title: 'Tour' });
    const listed = await expectAnswers('GET', `/${PARENTS.page}/videos`);
    expect(listed.data.map((video: { id: string }) => video.id)).toContain(id);
    expect((await expectAnswers('GET', `/${id}`)).id).toBe(id);
  });

  it('makes a deleted video an error to read (R27)', async () => {
    const { id } = await expectAnswers('POST', `/${PARENTS.group}/videos`);
    await expectAnswers('DELETE', `/${id}`);
    expect(errorCode(await send('GET', `/${id}`))).toBe(100);
    await expectAnswers('DELETE', `/${VIDEO}`);
    expect(errorCode(await send('GET', `/${VIDEO}`))).toBe(100);
    expect(errorCode(await send('GET', `/${VIDEO}/likes`))).toBe(100);
  });
});

describe('live video endpoints', () => {
  it('answers every listed live video path without an error', async () => {
    for (const parent of Object.values(PARENTS)) {
      await expectAnswers('GET', `/${parent}/live_videos`);
      expect(await expectAnswers('POST', `/${parent}/live_videos`)).toEqual({ id: expect.any(String) });
    }
    await expectAnswers('GET', `/${LIVE}`);
    await expectAnswers('POST', `/${LIVE}`, { title: 'renamed' });
    for (const edge of LIVE_EDGES) await expectAnswers('GET', `/${LIVE}/${edge}`);
    const stream = await expectAnswers('POST', `/${LIVE}/input_streams`);
    await expectAnswers('GET', `/${stream.id}`);
    const poll = await expectAnswers('POST', `/${LIVE}/polls`, { question: 'Next song?' });
    await expectAnswers('GET', `/${poll.id}`);
    await expectAnswers('POST', `/${poll.id}`, { question: 'Last song?' });
    const polls = await expectAnswers('GET', `/${LIVE}/polls`);
    expect(polls.data.map((item: { id: string }) => item.id)).toContain(poll.id);
    await expectAnswers('DELETE', `/${LIVE}`);
    expect(errorCode(await send('GET', `/${LIVE}`))).toBe(100);
  });
});

describe('what the video endpoints refuse', () => {
  it('needs a token, and refuses unlisted edges and methods', async () => {
    expect(errorCode(await call(ref, 'GET', `/${VIDEO}`))).toBe(190);
    expect(errorCode(await send('GET', `/${VIDEO}/reactions`))).toBe(100);
    expect(errorCode(await send('DELETE', `/${LIVE}/polls`))).toBe(100);
    expect(errorCode(await send('POST', `/${PARENTS.event}/videos`))).toBe(100);
    expect(errorCode(await send('GET', '/5999999'))).toBe(100);
  });
});
