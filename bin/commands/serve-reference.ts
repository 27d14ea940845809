import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { UserInputError } from '../../harness/errors.js';
import { listenError } from '../../harness/http/listen.js';
import { hideUserinfo } from '../../harness/redaction/url-userinfo.js';
import { FAULTS } from '../../reference/faults.js';
import { type ReferenceOptions, type RunningReference, startReference } from '../../reference/index.js';
import type { CommandContext } from '../command-context.js';
import { listFlag, wholeNumberFlag } from '../flags.js';


export interface ServeFlags {
  port: string;
  host: string;
  fault?: string[];
  profileOut: string;
  listFaults?: boolean;
  fixtures: string;
  maxSessions?: string;
  publicUrl?: string;
  mediaPort?: string;
}

/**
 * Starts the reference target, writes its profile and prints its address; it then runs until SIGINT or SIGTERM,
 * which close it and exit the process.
 */
export async function serveReferenceCommand(flags: ServeFlags, cx: CommandContext): Promise<void> {
  if (flags.listFaults) {
    for (const [name, fault] of Object.entries(FAULTS)) cx.stdout(`${name}\t${fault.description}\n`);
    return;
  }
  const faults = listFlag(flags.fault);
  const unknown = faults.filter((f) => !(f in FAULTS));
  if (unknown.length) throw new UserInputError('USAGE', `--fault ${unknown.join(',')}: unknown fault; see --list-faults`);
  if (flags.fixtures !== 'full' && flags.fixtures !== 'empty') {
    throw new UserInputError('USAGE', `--fixtures ${flags.fixtures}: use full or empty`);
  }
  const port = wholeNumberFlag('--port', flags.port, 0, 65535);
  const publicUrl = flags.publicUrl === undefined ? undefined : publicUrlFlag(flags.publicUrl);
  const mediaPort = flags.mediaPort === undefined ? undefined : wholeNumberFlag('--media-port', flags.mediaPort, 0, 65535);
  if (mediaPort !== undefined && mediaPort !== 0 && mediaPort === port) {
    throw new UserInputError('USAGE', `--media-port ${mediaPort}: the same as --port; the files need an origin of their own (0 picks a free port)`);
  }
  await prepareProfileOut(flags.profileOut);
  const maxSessions = flags.maxSessions === undefined ? {} : { maxSessions: wholeNumberFlag('--max-sessions', flags.maxSessions, 0) };
  const options: ReferenceOptions = { host: flags.host, port, faults, fixtures: flags.fixtures, ...(publicUrl ? { publicUrl } : {}), ...maxSessions };
  const reference = await startReference({ ...options, ...(mediaPort !== undefined ? { mediaOrigin: { port: mediaPort } } : {}) }).catch((error: unknown) => {
    const media = mediaPort !== undefined && (error as { port?: number }).port === mediaPort;
    throw media ? listenError(error, flags.host, mediaPort, '--media-port') : listenError(error, flags.host, port);
  });
  await writeProfile(flags.profileOut, reference);
  const stop = () => void reference.close().then(() => process.exit(0));
  // Before the line a script waits for: it may stop us as soon as it has read it.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  cx.stdout(`reference target on ${reference.url} (${whereItListens(reference)}profile: ${flags.profileOut})\n`);
}

/**
 * `--public-url`: the origin clients reach the reference at (a proxy in front of it), named in its profile and in
 * every link it hands over. An origin alone: the reference serves its routes at the root, so a path would lead
 * nowhere, and userinfo would be a credential in every link.
 */
function publicUrlFlag(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  const origin = url && ['http:', 'https:'].includes(url.protocol) && !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
  if (!origin) {
    throw new UserInputError('USAGE', `--public-url ${JSON.stringify(hideUserinfo(value))}: give the origin clients reach the reference at, such as http://staging.example:8080 (http or https, no path, query or userinfo)`);
  }
  return url.origin;
}

/** `listening on 127.0.0.1:4010; ` when clients reach it elsewhere, and where the files are when they have an origin. */
function whereItListens(reference: RunningReference): string {
  const { host, port } = reference.listeningOn;
  const listening = reference.url === `http://${host.includes(':') ? `[${host}]` : host}:${port}` ? '' : `listening on ${host}:${port}; `;
  return `${listening}${reference.media ? `pictures and photo files on ${reference.media.url}; ` : ''}`;
}

/** Before the server starts, so a path that can never be written stops the command with nothing left running. */
async function prepareProfileOut(file: string): Promise<void> {
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory()) throw profileOutError(file, 'EISDIR');
  await mkdir(dirname(file), { recursive: true }).catch((error: unknown) => {
    throw profileOutError(file, (error as NodeJS.ErrnoException).code);
  });
}

/** The profile needs the address, so it is written after the start; a failure still stops the server. */
async function writeProfile(file: string, reference: RunningReference): Promise<void> {
  try {
    await writeFile(file, `${JSON.stringify(reference.profile, null, 2)}\n`);
  } catch (error) {
    await reference.close();
    throw profileOutError(file, (error as NodeJS.ErrnoException).code);
  }
}

function profileOutError(file: string, code: string | undefined): UserInputError {
  if (code === 'EISDIR') {
    const inside = `${file.replace(/[/\\]+$/, '')}/reference-profile.json`;
    return new UserInputError('USAGE', `--profile-out ${file}: is a folder; give a file path such as ${inside}`);
  }
  if (code === 'EEXIST' || code === 'ENOTDIR') {
    return new UserInputError('USAGE', `--profile-out ${file}: a folder on that path is a file (${code}); give another path`);
  }
  return new UserInputError('USAGE', `--profile-out ${file}: cannot write there (${code ?? 'unknown'}); give a file path you can write`);
}
