import { createServer as createHttpServer, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { constants } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { isIPv6 } from 'node:net';
import { CannotJudgeError, UserInputError } from '../errors.js';
import { closeServer, listen } from '../http/listen.js';
import { createAttemptLog } from './attempt-log.js';
import {
  createSelfSignedLeaf,
  createUntrustedLeaf,
  type IssuedCertificate,
} from '../ca/certificate-authority.js';
import { createRequestHandler } from './handle-request.js';
import type { Attempt, Receiver, ReceiverOptions, RouteOptions, Verification } from './types.js';

/*
 * Why node:https and not mockttp: mockttp 4.6.5 always serves leaf certificates it issues itself from the CA it
 * is given, with a DNS subjectAltName only, so a client that verifies `https://127.0.0.1` refuses them
 * (ERR_TLS_CERT_ALTNAME_INVALID); it cannot serve the self-signed or untrusted leaves the negative rules need,
 * and it never requests a client certificate, so mTLS and the client's common name are out of reach.
 */

/**
 * Starts the webhook receiver on `host` (loopback by default) and a free port. Every GET is recorded as a
 * verification and every POST as a notification attempt, with raw bytes, arrival time and the answer given.
 */
export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const host = options.host ?? '127.0.0.1';
  const tlsMode = options.tlsMode ?? 'ca';
  const hanging = new Set<ServerResponse>();
  let url = '';
  const routes = new Map<string, RequestListener>();
  const served = (route: RouteOptions, base: () => string, onClose: () => void): Served => {
    const log = createAttemptLog();
    const { onArrival } = route;
    const handler = createRequestHandler({
      verifyToken: route.verifyToken,
      appSecret: route.appSecret,
      challengeMode: options.challengeMode ?? 'echo',
      ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
      log,
      hanging,
      ...(route.mtls ? { mtls: route.mtls } : {}),
      ...(route.clock ? { clock: route.clock } : {}),
      ...(onArrival ? { onArrival: (arrival: Attempt | Verification) => onArrival(arrival, url) } : {}),
    });
    const view: Receiver = {
      get url() {
        return url;
      },
      ...(tlsMode === 'ca' && options.ca ? { caPem: options.ca.certPem } : {}),
      callbackUrl: (path = '/webhook') => base() + (path.startsWith('/') ? path : `/${path}`),
      attempts: log.attempts,
      verifications: log.verifications,
      failNext: (k, how) => {
        if (!Number.isInteger(k) || k < 0)
          throw new UserInputError('USAGE', `failNext: k must be a whole number >= 0, got ${k}`);
        log.failNext(k, how);
      },
      waitForUpdates: (predicate, { realTimeoutMs }) => log.waitFor(predicate, realTimeoutMs),
      clear: log.clear,
      close: async () => {
        log.release();
        onClose();
      },
    };
    return { handler, view };
  };
  const main = served(options, () => url, () => undefined);
  const dispatch: RequestListener = (req, res) => {
    const named = ROUTE.exec(req.url ?? '');
    if (!named) return main.handler(req, res);
    const route = routes.get(named[1]!);
    if (route) return route(req, res);
    // A session's route closed with its session: what its target still sends belongs to no rule.
    res.writeHead(410, { 'content-type': 'text/plain' }).end('graphcheck receiver: this route was closed');
  };
  const server =
    tlsMode === 'plain-http'
      ? createHttpServer(dispatch)
      : createHttpsServer(tlsOptions(await certificateFor(options, host), options), dispatch).on('secureConnection', (socket: TLSSocket) => {
          // The certificate a connection's caller presented is read once per connection (tls-client-info.ts).
          socket.disableRenegotiation();
        });
  await listen(server, host, 0, (error) => {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return new CannotJudgeError('SETUP_FAILED', `receiver cannot listen on ${host}: ${code}`);
  });
  // The URL names the host as given (a certificate for `localhost` is not one for 127.0.0.1).
  const port = (server.address() as AddressInfo).port;
  url = `${tlsMode === 'plain-http' ? 'http' : 'https'}://${isIPv6(host) ? `[${host}]` : host}:${port}`;
  return {
    ...main.view,
    url,
    route: (name, route) => {
      if (!ROUTE_NAME.test(name) || routes.has(name)) throw new UserInputError('USAGE', `receiver route ${JSON.stringify(name)}: give a new name of letters, digits, - or _`);
      const own = served(route, () => `${url}/route/${name}`, () => routes.delete(name));
      routes.set(name, own.handler);
      return own.view;
    },
    close: async () => {
      await main.view.close();
      for (const res of hanging) res.destroy();
      await closeServer(server);
    },
  };
}

/** A route's path: `/route/{name}` and what follows it. */
const ROUTE = /^\/route\/([A-Za-z0-9_-]+)(?=[/?]|$)/;
const ROUTE_NAME = /^[A-Za-z0-9_-]+$/;

interface Served {
  handler: RequestListener;
  view: Receiver;
}

async function certificateFor(options: ReceiverOptions, host: string): Promise<IssuedCertificate> {
  if (options.tlsMode === 'self-signed') return createSelfSignedLeaf(host);
  if (options.tlsMode === 'untrusted') return createUntrustedLeaf(host);
  if (options.leaf) return options.leaf;
  if (!options.ca)
    throw new UserInputError('USAGE', 'startReceiver: tlsMode "ca" needs a certificate authority (ca)');
  return options.ca.issueServer(host);
}

function tlsOptions(leaf: IssuedCertificate, options: ReceiverOptions) {
  const mtls = options.mtls;
  return {
    key: leaf.keyPem,
    cert: leaf.certPem,
    // The handshake lets any client certificate through so that a wrong one is recorded and answered 403,
    // which a report can show, instead of a handshake failure the target may not even log.
    ...(mtls ? { requestCert: true, rejectUnauthorized: false } : {}),
    // No TLS session is resumed: a resumed one presents no certificate chain, and a client that resumes would be
    // judged to have left out its intermediate. Every connection then presents its certificates in full.
    ...(mtls ? { secureOptions: constants.SSL_OP_NO_TICKET } : {}),
    ...(mtls?.clientCaPem ? { ca: mtls.clientCaPem } : {}),
  };
}
