// Run as a child process by crash.test.ts: a tiny target and a recorder in front of it, killed mid-run.
import { startRecordingProxy } from '../../../harness/run/recorded/recording-proxy.js';
import { startTinyTarget } from '../tiny-target.js';

const cassette = process.argv[2];
if (!cassette) throw new Error('usage: recorder-child.ts CASSETTE');
const target = await startTinyTarget();
const recorder = await startRecordingProxy({ target: target.url, cassette });
target.hanging().then(() => process.stdout.write('hanging\n'));
process.stdout.write(`${JSON.stringify({ url: recorder.url })}\n`);
