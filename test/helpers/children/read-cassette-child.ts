// Reads a whole cassette in a process of its own and prints what happened and the process's peak memory, for
// tests that bound the memory a hostile cassette may cost (a crash there must not take the test runner with it).
import { openCassette } from '../../../harness/cassette/cassette-reader.js';

const file = process.argv[2] ?? '';
let outcome: { exchanges?: number; code?: string; message?: string };
try {
  const cassette = await openCassette(file);
  let exchanges = 0;
  for await (const _ of cassette.entries()) exchanges++;
  outcome = { exchanges };
} catch (error) {
  outcome = { code: (error as { code?: string }).code, message: (error as Error).message };
}
process.stdout.write(JSON.stringify({ ...outcome, maxRssBytes: process.resourceUsage().maxRSS * 1024 }));
