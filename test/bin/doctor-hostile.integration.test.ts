import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorCommand } from '../../bin/commands/doctor.js';
import { startEchoingFront } from '../helpers/hostile/echoing-front.js';
import { referenceBehind } from '../helpers/reference-behind.js';
import { leaks, unsafeIn } from '../helpers/hostile/planted.js';
import { tempFolder } from '../helpers/temp-dir.js';

describe('doctor against a target whose refusals echo the token (at the start of their message) and hostile text', () => {
  let behind: Awaited<ReturnType<typeof referenceBehind>> | undefined;
  let dir: string;
  beforeAll(async () => {
    behind = await referenceBehind((upstream) => startEchoingFront(upstream, { refuse: true }));
    dir = tempFolder('graphcheck-hostile-doctor-');
  });
  afterAll(async () => {
    await behind?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('prints its problems naming the refusals, with no token in any form and nothing a terminal or CI runner obeys', async () => {
    const profile = behind!.reference.profile as {
      app: { secret: string; access_token: string };
      tokens: Record<string, string>;
    };
    const file = join(dir, 'profile.json');
    await writeFile(file, JSON.stringify(profile));
    const printed: string[] = [];
    const code = await doctorCommand({ profile: file }, (t) => printed.push(t));
    expect(code).toBe(3);
    const stdout = printed.join('');
    expect(stdout).toMatch(/^problem: profile tokens\.page: the target refuses GET /m);
    expect(leaks({ stdout }, [profile.app.secret, profile.app.access_token, ...Object.values(profile.tokens)])).toEqual([]);
    expect(unsafeIn(stdout)).toEqual([]);
  });
});
