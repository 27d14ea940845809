import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoPath } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp-dir.js';
import { playAction } from './play-action.js';

/**
 * The action's `args` input reaches graphcheck run as the shell words it is written as, and is never expanded: a
 * glob stays a glob whatever files the workspace holds, and no variable or command in it is run. Played with a
 * stand-in for the CLI that writes down the arguments it was given.
 */
const dir = tempDir('graphcheck-action-args-');
afterAll(() => dir.cleanup());

async function actionWithStandIn(name: string): Promise<string> {
  const action = dir.path(`action-${name}`);
  await mkdir(join(action, 'dist', 'bin'), { recursive: true });
  await copyFile(repoPath('action.yml'), join(action, 'action.yml'));
  const standIn = "require('fs').writeFileSync(require('path').join(__dirname, 'argv.json'), JSON.stringify(process.argv.slice(2)));\n";
  await writeFile(join(action, 'dist', 'bin', 'cli.js'), standIn);
  return action;
}

describe('action.yml: the args input', () => {
  it('is split as a shell quotes it and passed on word for word, with nothing globbed, substituted or run', async () => {
    const action = await actionWithStandIn('words');
    const workspace = dir.path('workspace');
    await mkdir(workspace);
    await writeFile(join(workspace, 'photos.x'), 'a file a glob would match');
    const args = `--exclude photos.* --endpoint "POST /{page_id}/feed" --rule 'feed.schedule-*' $(touch ran) \`touch ran-too\` $HOME it\\'s`;
    const played = await playAction(action, { args, doctor: 'false' }, workspace);
    expect(played.code).toBe(0);
    const argv = JSON.parse(await readFile(join(action, 'dist', 'bin', 'argv.json'), 'utf8')) as string[];
    expect(argv).toEqual([
      'run',
      '--report-dir',
      'graphcheck-reports',
      '--exclude',
      'photos.*',
      '--endpoint',
      'POST /{page_id}/feed',
      '--rule',
      'feed.schedule-*',
      '$(touch',
      'ran)',
      '`touch',
      'ran-too`',
      '$HOME',
      "it's",
    ]);
    expect((await readdir(workspace)).filter((f) => f.startsWith('ran'))).toEqual([]);
  });

  it('empty: no argument at all is added', async () => {
    const action = await actionWithStandIn('empty');
    const workspace = dir.path('empty');
    await mkdir(workspace);
    await playAction(action, { args: '  ', doctor: 'false' }, workspace);
    expect(JSON.parse(await readFile(join(action, 'dist', 'bin', 'argv.json'), 'utf8'))).toEqual(['run', '--report-dir', 'graphcheck-reports']);
  });

  it('with an unclosed quote: graphcheck is not run, and the job ends as a usage error (2)', async () => {
    const action = await actionWithStandIn('unclosed');
    const workspace = dir.path('unclosed');
    await mkdir(workspace);
    const played = await playAction(action, { args: '--rule "feed.*', doctor: 'false' }, workspace);
    expect(played.code).toBe(2);
    expect(played.outputs['exit-code']).toBe('2');
    expect(await readdir(join(action, 'dist', 'bin'))).toEqual(['cli.js']);
  });
});
