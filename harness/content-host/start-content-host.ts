import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, isIPv6 } from 'node:net';
import { CannotJudgeError } from '../errors.js';
import type { Exchange } from '../model/index.js';
import { closeServer, listen } from '../http/listen.js';
import { closedPort } from './closed-port.js';
import { IMAGE_FORMATS, type ImageFormat, imageBytes } from './image-bytes.js';
import { pngOfSize } from './image-formats.js';

interface Resource {
  contentType: string;
  body: Buffer;
}

/** Bodies above this size are left out of the request log (an image padded to 10 MB, say). */
const LOGGED_BODY_LIMIT = 4096;

/** Pages and images the target must reach (feed `link`, photo `url`, comment `attachment_url`; contract 4a). */
export interface ContentHost {
  url: string;
  /** An HTML page that answers 200. */
  pageUrl(name: string): string;
  /** A valid 1x1 image of `format`, padded to exactly `bytes` when given; validated here, not on request. */
  imageUrl(name: string, options: { format: ImageFormat; bytes?: number }): string;
  /** A grey PNG of `width` x `height` pixels. */
  sizedPngUrl(name: string, width: number, height: number): string;
  /** A URL on the same host whose port nothing listens on. */
  unreachableUrl(): string;
  /** Every request served so far, oldest first. */
  requests(): Exchange[];
  close(): Promise<void>;
}

/** Starts the content host over plain HTTP on `host` (loopback by default) and a free port. */
export async function startContentHost(options: { host?: string } = {}): Promise<ContentHost> {
  const host = options.host ?? '127.0.0.1';
  const hostPart = isIPv6(host) ? `[${host}]` : host;
  const resources = new Map<string, Resource>();
  const log: Exchange[] = [];
  const server = createServer((req, res) => serve(req, res, resources, log, url));
  await listen(server, host, 0, (error) => {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return new CannotJudgeError('SETUP_FAILED', `content host cannot listen on ${host}: ${code}`);
  });
  const url = `http://${hostPart}:${(server.address() as AddressInfo).port}`;
  const unreachable = `http://${hostPart}:${await closedPort(host)}/unreachable`;
  const add = (path: string, resource: Resource) => {
    resources.set(path, resource);
    return url + path;
  };
  return {
    url,
    pageUrl: (name) => add(`/pages/${encodeURIComponent(name)}`, page(name)),
    imageUrl: (name, { format, bytes }) => {
      const { contentType, extension } = IMAGE_FORMATS[format];
      return add(`/images/${encodeURIComponent(name)}.${extension}`, {
        contentType,
        body: imageBytes(format, bytes),
      });
    },
    sizedPngUrl: (name, width, height) =>
      add(`/images/${encodeURIComponent(name)}.png`, { contentType: 'image/png', body: sizedPng(width, height) }),
    unreachableUrl: () => unreachable,
    requests: () => [...log],
    close: () => closeServer(server),
  };
}

/**
 * Sized PNGs by `width x height`, deflated once per process: every run's host offers a 1440 x 960 one, and deflating
 * it took about 10 ms of each run's start. Served, never written to.
 */
const sizedPngs = new Map<string, Buffer>();

function sizedPng(width: number, height: number): Buffer {
  const key = `${width}x${height}`;
  let body = sizedPngs.get(key);
  if (!body) sizedPngs.set(key, (body = pngOfSize(width, height)));
  return body;
}

function serve(
  req: IncomingMessage,
  res: ServerResponse,
  resources: Map<string, Resource>,
  log: Exchange[],
  base: string,
) {
  const startedAt = new Date();
  const path = new URL(req.url ?? '/', 'http://content.invalid').pathname;
  const found = req.method === 'GET' || req.method === 'HEAD' ? resources.get(path) : undefined;
  const resource = found ?? { contentType: 'text/plain; charset=utf-8', body: Buffer.from('not found\n') };
  const headers = { 'content-type': resource.contentType, 'content-length': String(resource.body.length) };
  res.writeHead(found ? 200 : 404, headers);
  res.end(resource.body);
  const textual = !resource.contentType.startsWith('image/');
  const kept = resource.body.length <= LOGGED_BODY_LIMIT;
  log.push({
    kind: 'content',
    request: { method: req.method ?? '', url: base + (req.url ?? '/'), headers: requestHeaders(req) },
    response: {
      status: found ? 200 : 404,
      headers,
      body: kept ? resource.body.toString(textual ? 'utf8' : 'base64') : '',
      bodyEncoding: textual ? 'utf8' : 'base64',
    },
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
  });
}

function page(name: string): Resource {
  const title = name.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html =
    `<!doctype html>\n<html><head><meta charset="utf-8"><title>${title}</title>` +
    `<meta property="og:title" content="${title}"></head>` +
    `<body><h1>${title}</h1><p>Served by graphcheck's content host.</p></body></html>\n`;
  return { contentType: 'text/html; charset=utf-8', body: Buffer.from(html) };
}

function requestHeaders(req: IncomingMessage): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(req.headers).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | string[]
  >;
}
