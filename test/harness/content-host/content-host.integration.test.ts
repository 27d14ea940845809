import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ContentHost,
  startContentHost,
} from '../../../harness/content-host/index.js';
import { call } from '../../helpers/http-client.js';
import { IMAGE_FORMATS, IMAGE_READERS } from '../../helpers/image-structure.js';


const open: Array<ContentHost | Agent> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
});
async function host(): Promise<{ content: ContentHost; agent: Agent }> {
  const content = await startContentHost();
  const agent = new Agent();
  open.push(content, agent);
  return { content, agent };
}

describe('content host', () => {
  it('serves an HTML page with 200 on loopback over plain HTTP', async () => {
    const { content, agent } = await host();
    expect(content.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const page = await call(agent, content.pageUrl('link <target>'));
    expect(page).toMatchObject({
      status: 200,
      body: expect.stringContaining('<title>link &#60;target&#62;</title>'),
    });
  });

  it('serves each photo format with its content type, exactly the asked size', async () => {
    const { content } = await host();
    for (const format of IMAGE_FORMATS) {
      const response = await fetch(content.imageUrl(`photo-${format}`, { format, bytes: 5000 }));
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(`image/${format === 'jpeg' ? 'jpeg' : format}`);
      expect(body.length).toBe(5000);
      expect(IMAGE_READERS[format](body)).toEqual({ width: 1, height: 1 });
    }
  });

  it('answers 404 elsewhere and logs every request as a content exchange', async () => {
    const { content, agent } = await host();
    const url = content.pageUrl('a');
    await call(agent, url);
    expect(await call(agent, `${content.url}/nothing`)).toMatchObject({ status: 404 });
    expect(content.requests().map((e) => [e.kind, e.request.url, e.response?.status])).toEqual([
      ['content', url, 200],
      ['content', `${content.url}/nothing`, 404],
    ]);
  });

  it('gives an address whose port is closed', async () => {
    const { content, agent } = await host();
    expect(content.unreachableUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(await call(agent, content.unreachableUrl())).toEqual({ error: 'ECONNREFUSED' });
  });

  it('serves a 10 MB image without keeping its body in the log', async () => {
    const { content } = await host();
    const response = await fetch(content.imageUrl('big', { format: 'png', bytes: 10_000_000 }));
    expect((await response.arrayBuffer()).byteLength).toBe(10_000_000);
    expect(content.requests()[0]?.response?.body).toBe('');
  });
});
